package br.com.lojaapi.command.armazenamento;

import org.axonframework.common.jdbc.PersistenceExceptionResolver;

import java.sql.SQLException;

/**
 * Tells Axon when an append failed on the event table's unique (aggregate, sequence) key, so it reports a
 * concurrency conflict rather than a storage failure. PgJDBC reports SQLState 23505, not the JDBC-standard
 * exception type Axon's JDBC resolver looks for.
 */
public class ViolacaoDeChavePostgres implements PersistenceExceptionResolver {

    private static final String UNIQUE_VIOLATION = "23505";

    @Override
    public boolean isDuplicateKeyViolation(Exception exception) {
        for (Throwable causa = exception; causa != null; causa = causa.getCause()) {
            if (causa instanceof SQLException sql) {
                for (SQLException atual = sql; atual != null; atual = atual.getNextException()) {
                    if (UNIQUE_VIOLATION.equals(atual.getSQLState())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
