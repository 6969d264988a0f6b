package br.com.lojaapi.gateway.banco;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;

/**
 * Tells a failure that means "no database right now" from every other failure, by the SQLState of the
 * {@link SQLException}s among its causes. Wrappers (Spring's {@code CannotGetJdbcConnectionException} and
 * {@code CannotCreateTransactionException}, Hibernate's {@code JDBCConnectionException}, Axon's
 * {@code JdbcException}, {@code EventStoreException}, command and query execution exceptions, futures) are
 * unwrapped rather than trusted by their type: {@code CannotGetJdbcConnectionException} also wraps a wrong
 * password, which is a configuration error to be shouted about, not an outage to wait out.
 */
public final class Indisponibilidade {

    /** What kind of "no database right now". */
    public enum Falha {
        /** The server cannot be reached, or it refuses or drops connections while stopping or starting. */
        BANCO_INACESSIVEL,
        /** Hikari waited its whole connection timeout without a connection and without any connection failure. */
        POOL_ESGOTADO
    }

    private static final int PROFUNDIDADE = 32;

    private Indisponibilidade() {
    }

    public static Optional<Falha> classificar(Throwable erro) {
        boolean esperaNoPool = false;
        Set<Throwable> vistos = Collections.newSetFromMap(new IdentityHashMap<>());
        int passos = 0;
        for (Throwable atual = erro; atual != null && passos < PROFUNDIDADE && vistos.add(atual);
             atual = atual.getCause(), passos++) {
            if (atual instanceof SQLException sql) {
                for (SQLException proxima = sql; proxima != null && vistos.size() < PROFUNDIDADE;
                     proxima = proxima.getNextException()) {
                    if (conexao(proxima.getSQLState()) || fechadaPeloPool(proxima)) {
                        return Optional.of(Falha.BANCO_INACESSIVEL);
                    }
                    if (proxima.getNextException() == proxima) {
                        break;
                    }
                }
                // Hikari's "Connection is not available, request timed out": its cause, when it has one, is the
                // last failure to open a connection, examined on the next turn.
                esperaNoPool |= sql instanceof SQLTransientConnectionException && sql.getSQLState() == null;
            }
        }
        return esperaNoPool ? Optional.of(Falha.POOL_ESGOTADO) : Optional.empty();
    }

    /**
     * Hikari's answer to any use of a connection it has closed, which it does as soon as the connection reports a
     * class 08 error: the rollback after a statement that lost its connection fails this way, and that rollback's
     * error is often the one that surfaces. It carries no SQLState.
     */
    private static boolean fechadaPeloPool(SQLException erro) {
        return erro.getSQLState() == null && "Connection is closed".equals(erro.getMessage());
    }

    /**
     * Class 08 is "connection exception" (refused, broken, closed: 08001, 08003, 08006...); 57P01, 57P02 and 57P03
     * are the server ending sessions on shutdown or crash and refusing them while it starts or stops.
     */
    static boolean conexao(String sqlState) {
        return sqlState != null && (sqlState.startsWith("08") || sqlState.equals("57P01")
                || sqlState.equals("57P02") || sqlState.equals("57P03"));
    }
}
