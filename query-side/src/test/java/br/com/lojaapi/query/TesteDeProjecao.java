package br.com.lojaapi.query;

import org.axonframework.eventhandling.DomainEventMessage;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A projection's tests: given events, handed to the projection {@code P} as its processor would ({@link Projetor}),
 * then its read model's rows ({@link #linha}, {@link #linhas}) or its query handlers' answers ({@link #consultar}).
 * Each test has a store of its own ({@link #loja}); a test class gives its other ids as fields, {@code final String
 * pedido = id();}, new for every test.
 */
public abstract class TesteDeProjecao<P> extends TesteNoBanco {

    /** When a test's events happen, in this order: the creation, a change after it, a change after that. */
    protected static final Instant CRIADO = Instant.parse("2025-05-01T18:00:00Z");
    protected static final Instant DEPOIS = Instant.parse("2025-05-01T18:10:00Z");
    protected static final Instant MAIS_TARDE = Instant.parse("2025-05-01T19:00:00Z");

    @Autowired
    protected P projecao;

    protected final String loja = id();

    private Projetor projetor;

    @BeforeEach
    void projetor() {
        projetor = projetor(projecao);
    }

    /** Given these events, each in a batch of its own: a live processor catching them one by one. */
    protected void dado(DomainEventMessage<?>... eventos) {
        projetor.umAUm(eventos);
    }

    /** Given these events in one batch, in this order: a rebuild, a catch-up, a batch handled again. */
    protected void dadoNumLote(DomainEventMessage<?>... eventos) {
        projetor.emLote(eventos);
    }

    /**
     * Hands the events over one by one, then again in every way a processor can repeat them, and checks that each
     * repetition leaves {@code linhas} as the first pass made them: each event alone over the rows it already made
     * (an event redelivered late, an older version after newer ones), all of them again in one batch (a batch
     * handled again after a claim was lost) and one by one (a replay over the rows), and after the projection's
     * reset, all in one batch (a rebuild). Returns the rows.
     */
    protected List<Map<String, Object>> repetirNaoMudaAsLinhas(Supplier<List<Map<String, Object>>> linhas,
                                                               DomainEventMessage<?>... eventos) {
        projetor.umAUm(eventos);
        List<Map<String, Object>> feitas = linhas.get();
        assertThat(feitas).as("linhas feitas pelos eventos").isNotEmpty();
        for (DomainEventMessage<?> evento : eventos) {
            projetor.umAUm(evento);
            assertThat(linhas.get()).as("depois de %s (versão %d) de novo", evento.getPayloadType().getSimpleName(),
                    evento.getSequenceNumber()).isEqualTo(feitas);
        }
        projetor.emLote(eventos);
        assertThat(linhas.get()).as("depois do lote inteiro de novo").isEqualTo(feitas);
        projetor.umAUm(eventos);
        assertThat(linhas.get()).as("depois de todos de novo, um a um").isEqualTo(feitas);
        projetor.reiniciar();
        assertThat(linhas.get()).as("depois do reset").isEmpty();
        projetor.emLote(eventos);
        assertThat(linhas.get()).as("depois do reset e de todos num lote").isEqualTo(feitas);
        return feitas;
    }
}
