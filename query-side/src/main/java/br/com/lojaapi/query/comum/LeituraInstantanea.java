package br.com.lojaapi.query.comum;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.function.Supplier;

/**
 * Reads that must all come from one snapshot (a tag and its body, a sync page's keys and its horizon): a read-only
 * REPEATABLE READ transaction. The level is set inside the transaction ({@code SET TRANSACTION}, one statement)
 * rather than by the transaction manager, which switches the session's default level before and back after every
 * transaction and asks for the current one in between: three statements per request.
 */
public final class LeituraInstantanea {

    private final TransactionTemplate transacao;
    private final JdbcTemplate jdbc;

    public LeituraInstantanea(PlatformTransactionManager transacoes, JdbcTemplate jdbc) {
        this.transacao = new TransactionTemplate(transacoes);
        this.transacao.setReadOnly(true);
        this.jdbc = jdbc;
    }

    public <T> T executar(Supplier<T> leitura) {
        return transacao.execute(status -> {
            jdbc.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            return leitura.get();
        });
    }
}
