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

/**
 * One dedicated connection (outside the pool, since it blocks) that LISTENs on PostgreSQL notification channels
 * and runs a handler per channel. After every (re)connection each handler runs once, because notifications sent
 * while disconnected are lost; handlers are wake-ups, so an extra run is harmless.
 */
public class OuvinteDeNotificacoes extends TarefaDeFundo {

    private final UrlDoBanco banco;
    private final Map<String, Runnable> canais;

    public OuvinteDeNotificacoes(UrlDoBanco banco, Map<String, Runnable> canais) {
        super("ouvinte-postgres");
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
            canais.values().forEach(Runnable::run);
            PGConnection pg = conexao.unwrap(PGConnection.class);
            while (ativa()) {
                PGNotification[] notificacoes = pg.getNotifications(1000);
                if (notificacoes != null) {
                    for (PGNotification notificacao : notificacoes) {
                        Runnable handler = canais.get(notificacao.getName());
                        if (handler != null) {
                            handler.run();
                        }
                    }
                }
            }
        }
    }

    private Connection conectar() throws SQLException {
        Properties propriedades = new Properties();
        if (banco.usuario() != null) {
            propriedades.setProperty("user", banco.usuario());
        }
        if (banco.senha() != null) {
            propriedades.setProperty("password", banco.senha());
        }
        propriedades.setProperty("ApplicationName", "loja-api-notificacoes");
        return DriverManager.getConnection(banco.jdbcUrl(), propriedades);
    }
}
