package br.com.lojaapi.gateway.banco;

import org.axonframework.commandhandling.CommandExecutionException;
import org.hibernate.exception.JDBCConnectionException;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import java.util.concurrent.CompletionException;

import static br.com.lojaapi.gateway.banco.Indisponibilidade.Falha.BANCO_INACESSIVEL;
import static br.com.lojaapi.gateway.banco.Indisponibilidade.Falha.POOL_ESGOTADO;
import static org.assertj.core.api.Assertions.assertThat;

/** Which failures mean "no database right now", through the wrappers they arrive in. */
class IndisponibilidadeTest {

    private static final SQLException RECUSADA = new PSQLException("Connection to localhost:5432 refused",
            PSQLState.CONNECTION_UNABLE_TO_CONNECT);

    @Test
    void conexaoRecusadaQuebradaOuServidorParandoEmQualquerEmbrulho() {
        assertThat(Indisponibilidade.classificar(RECUSADA)).contains(BANCO_INACESSIVEL);
        assertThat(Indisponibilidade.classificar(new PSQLException("An I/O error occurred",
                PSQLState.CONNECTION_FAILURE))).contains(BANCO_INACESSIVEL);
        for (String encerrando : new String[]{"57P01", "57P02", "57P03"}) {
            assertThat(Indisponibilidade.classificar(new SQLException("terminating connection", encerrando)))
                    .as(encerrando).contains(BANCO_INACESSIVEL);
        }
        assertThat(Indisponibilidade.classificar(new CompletionException(new CommandExecutionException("falhou",
                new CannotCreateTransactionException("sem transação",
                        new JDBCConnectionException("Unable to acquire JDBC Connection", RECUSADA))))))
                .contains(BANCO_INACESSIVEL);
        assertThat(Indisponibilidade.classificar(new RuntimeException(new SQLException("Connection is closed"))))
                .as("uso de uma conexão que o Hikari fechou ao quebrar").contains(BANCO_INACESSIVEL);
    }

    @Test
    void esperaDoPoolSemFalhaDeConexaoEPoolEsgotadoComFalhaEBancoInacessivel() {
        SQLTransientConnectionException semFalha = new SQLTransientConnectionException(
                "loja-api - Connection is not available, request timed out after 1000ms", null, null);
        assertThat(Indisponibilidade.classificar(new CannotGetJdbcConnectionException("sem conexão", semFalha)))
                .contains(POOL_ESGOTADO);
        SQLTransientConnectionException comFalha = new SQLTransientConnectionException(
                "loja-api - Connection is not available, request timed out after 1000ms", "08001", RECUSADA);
        assertThat(Indisponibilidade.classificar(comFalha)).contains(BANCO_INACESSIVEL);
    }

    @Test
    void errosQueNaoSaoDeConexaoFicamComoSao() {
        assertThat(Indisponibilidade.classificar(new DuplicateKeyException("duplicada",
                new SQLException("duplicate key", "23505")))).isEmpty();
        assertThat(Indisponibilidade.classificar(new SQLException("relation does not exist", "42P01"))).isEmpty();
        assertThat(Indisponibilidade.classificar(new SQLException("deadlock detected", "40P01"))).isEmpty();
        assertThat(Indisponibilidade.classificar(new CannotGetJdbcConnectionException("senha",
                new SQLException("password authentication failed", "28P01"))))
                .as("uma senha errada é erro de configuração, não queda").isEmpty();
        assertThat(Indisponibilidade.classificar(new SQLException("Connection is closed", "42000"))).isEmpty();
        assertThat(Indisponibilidade.classificar(new IllegalStateException("outra coisa"))).isEmpty();
        assertThat(Indisponibilidade.classificar(null)).isEqualTo(Optional.empty());
    }

    @Test
    void causasEmCicloNaoPrendem() {
        SQLException a = new SQLException("a", "42000");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);
        SQLException proxima = new SQLException("c", "42000");
        proxima.setNextException(proxima);
        a.setNextException(proxima);
        assertThat(Indisponibilidade.classificar(b)).isEmpty();
    }
}
