package br.com.lojaapi.query.processamento.reconstrucao;

import org.axonframework.common.transaction.Transaction;
import org.axonframework.common.transaction.TransactionManager;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;

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

    TransacaoNoEsquema(TransactionManager transacoes, JdbcTemplate jdbc, String esquemaDaCopia, String esquemaAtual,
                       List<String> tabelas) {
        this.transacoes = transacoes;
        this.jdbc = jdbc;
        this.caminho = caminho(esquemaDaCopia, esquemaAtual, tabelas);
    }

    /**
     * What a transaction of the rebuild runs first: the copies' schema first on its search path, commits that do not
     * wait for the disk, and the copies locked against being dropped under it.
     */
    static String caminho(String esquemaDaCopia, String esquemaAtual, List<String> tabelas) {
        StringBuilder copias = new StringBuilder();
        for (String tabela : tabelas) {
            copias.append(copias.isEmpty() ? "" : ", ").append(Esquemas.qualificada(esquemaDaCopia, tabela));
        }
        // the lock fails when the copies are gone (the rebuild ended elsewhere) instead of letting the names
        // resolve to the live tables, and keeps them from being dropped under this transaction
        return "SET LOCAL search_path TO " + Esquemas.citado(esquemaDaCopia) + ", "
               + Esquemas.citado(esquemaAtual) + "; SET LOCAL synchronous_commit TO off; LOCK TABLE "
               + copias + " IN ROW EXCLUSIVE MODE";
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
