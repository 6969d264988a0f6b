package br.com.lojaapi.gateway.banco;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.LogCapturado;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A processor's batch that begins as the database goes away: Axon reports it with the exception of its own unit of
 * work ("incompatible phase: NOT_STARTED"), which hides the database's. Dropped while the database is down (seen
 * in a CI run as a stack trace in QuedaDoBancoApiTest), logged as any failure while it answers.
 */
class SilencioDuranteAQuedaTest {

    private static final String WORK_PACKAGE = "org.axonframework.eventhandling.pooled.WorkPackage";

    @RegisterExtension
    final LogCapturado log = LogCapturado.de(WORK_PACKAGE);
    private final Logger logger = log.logger();

    @Test
    void loteSemTransacaoNaQuedaEOmitido() throws IOException {
        try (DisponibilidadeDoBanco banco = new DisponibilidadeDoBanco(semServidor(), evento -> { })) {
            logger.warn("Error while processing batch in Work Package [0]-[feed-de-eventos]. Aborting Work Package...",
                    naoIniciada());
            assertThat(banco.disponivel()).isFalse();
            assertThat(log.eventos()).isEmpty();

            logger.warn("Error while processing batch", new IllegalStateException("outra coisa"));
            assertThat(log.eventos()).hasSize(1);
        }
    }

    @Test
    void loteSemTransacaoComOBancoNoArEAvisado() {
        try (DisponibilidadeDoBanco banco = new DisponibilidadeDoBanco(BancoDeTestes.url(), evento -> { })) {
            logger.warn("Error while processing batch", naoIniciada());
            assertThat(banco.disponivel()).isTrue();
            assertThat(log.eventos()).singleElement()
                    .satisfies(e -> assertThat(e.getLevel()).isEqualTo(Level.WARN));
        }
    }

    private static IllegalStateException naoIniciada() {
        return new IllegalStateException("The UnitOfWork is in an incompatible phase: NOT_STARTED");
    }

    /** A PostgreSQL URL on a local port nobody listens on. */
    private static UrlDoBanco semServidor() throws IOException {
        int porta;
        try (ServerSocket livre = new ServerSocket(0)) {
            porta = livre.getLocalPort();
        }
        return new UrlDoBanco("jdbc:postgresql://localhost:" + porta + "/postgres", "postgres", null);
    }
}
