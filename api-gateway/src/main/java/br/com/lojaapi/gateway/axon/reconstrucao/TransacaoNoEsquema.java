package br.com.lojaapi.gateway.axon.reconstrucao;

import org.axonframework.common.transaction.Transaction;
import org.axonframework.common.transaction.TransactionManager;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The transactions of a rebuild: the application's own, with the rebuild's schema first on the search path. The
 * projection's handlers run unchanged (their SQL names tables without a schema) and write the copies; everything
 * else they touch, the token table included, resolves to the application's schema as usual. {@code SET LOCAL}
 * ends with the transaction, so the pooled connection goes back to the pool as it came.
 * <p>
 * The commits do not wait for the disk ({@code synchronous_commit off}): a crash can lose the last few, but each
 * holds the copy's rows together with the copy's token, so what is lost is lost whole and handled again.
 */
final class TransacaoNoEsquema implements TransactionManager {

    private final TransactionManager transacoes;
    private final JdbcTemplate jdbc;
    private final String caminho;

    TransacaoNoEsquema(TransactionManager transacoes, JdbcTemplate jdbc, String esquemaDaCopia, String esquemaAtual) {
        this.transacoes = transacoes;
        this.jdbc = jdbc;
        this.caminho = "SET LOCAL search_path TO " + Esquemas.citado(esquemaDaCopia) + ", "
                       + Esquemas.citado(esquemaAtual) + "; SET LOCAL synchronous_commit TO off";
    }

    @Override
    public Transaction startTransaction() {
        Transaction transacao = transacoes.startTransaction();
        try {
            jdbc.execute(caminho);
        } catch (RuntimeException erro) {
            transacao.rollback();
            throw erro;
        }
        return transacao;
    }
}
