package br.com.lojaapi.gateway.banco;

import br.com.lojaapi.gateway.infra.TarefaDeFundo;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * One dedicated connection (outside the pool, since it blocks) that LISTENs on PostgreSQL notification channels
 * and hands each payload to its channel's handler. Notifications sent while disconnected are lost: the handlers'
 * users fall back to polling, and the event store is woken once after every (re)connection. Through a database
 * outage it waits quietly and reconnects as soon as the database is back.
 */
public class OuvinteDeNotificacoes extends TarefaDeFundo {

    private static final long VERIFICACAO_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(10);

    private final UrlDoBanco banco;
    private final Map<String, Consumer<String>> canais;

    public OuvinteDeNotificacoes(UrlDoBanco banco, DisponibilidadeDoBanco disponibilidade,
                                 Map<String, Consumer<String>> canais) {
        super("ouvinte-postgres", disponibilidade);
        this.banco = banco;
        this.canais = Map.copyOf(canais);
    }

    @Override
    protected void executar() throws SQLException {
        try (Connection conexao = conectar()) {
            try (Statement statement = conexao.createStatement()) {
                for (String canal : canais.keySet()) {
                    statement.execute("LISTEN " + canal);
                }
            }
            canais.values().forEach(handler -> handler.accept(""));
            PGConnection pg = conexao.unwrap(PGConnection.class);
            while (ativa()) {
                PGNotification[] notificacoes = pg.getNotifications(1000);
                if (notificacoes != null) {
                    for (PGNotification notificacao : notificacoes) {
                        Consumer<String> handler = canais.get(notificacao.getName());
                        if (handler != null) {
                            handler.accept(notificacao.getParameter());
                        }
                    }
                }
            }
        }
    }

    private Connection conectar() throws SQLException {
        Properties propriedades = banco.propriedades("loja-api-notificacoes", 5, 15);
        propriedades.setProperty("tcpKeepAlive", "true");
        return DriverManager.getConnection(banco.jdbcUrl(), propriedades);
    }
}
