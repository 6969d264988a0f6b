package br.com.lojaapi.command.armazenamento;

import org.axonframework.eventsourcing.EventSourcedAggregate;
import org.axonframework.eventsourcing.NoSnapshotTriggerDefinition;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.inspection.AnnotatedAggregateMetaModelFactory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What memory holds: one instance per aggregate, lent to one taker, the newer version kept, nothing when off. */
class MemoriaDeAgregadosTest {

    static class Coisa {
        @AggregateIdentifier
        String id = "c";
    }

    private static EventSourcedAggregate<Coisa> na(long versao, boolean removida) {
        return EventSourcedAggregate.reconstruct(new Coisa(), AnnotatedAggregateMetaModelFactory.inspectAggregate(Coisa.class),
                versao, removida, null, NoSnapshotTriggerDefinition.TRIGGER);
    }

    @Test
    void quemRetiraLevaAInstanciaEONovoVemDeNovoSoComVersaoMaior() {
        MemoriaDeAgregados memoria = new MemoriaDeAgregados(10);
        EventSourcedAggregate<Coisa> cinco = na(5, false);
        memoria.devolver("c", cinco);
        assertThat(memoria.versao("c")).isEqualTo(5L);

        assertThat(memoria.<Coisa>retirar("c")).isSameAs(cinco);
        assertThat(memoria.versao("c")).as("lent: nobody else can take it").isNull();
        assertThat(memoria.<Coisa>retirar("c")).isNull();

        EventSourcedAggregate<Coisa> sete = na(7, false);
        memoria.devolver("c", sete);
        memoria.devolver("c", cinco);
        assertThat(memoria.versao("c")).as("given back late, an older version does not replace a newer").isEqualTo(7L);
        assertThat(memoria.<Coisa>retirar("c")).isSameAs(sete);
    }

    @Test
    void removidoNaoFicaEDesligadaNaoGuardaNada() {
        MemoriaDeAgregados memoria = new MemoriaDeAgregados(10);
        memoria.devolver("c", na(3, true));
        assertThat(memoria.versao("c")).isNull();

        MemoriaDeAgregados desligada = new MemoriaDeAgregados(0);
        desligada.devolver("c", na(3, false));
        assertThat(desligada.versao("c")).isNull();
        assertThat(desligada.<Coisa>retirar("c")).isNull();
    }

    @Test
    void limitadaPeloNumeroDeAgregados() {
        MemoriaDeAgregados memoria = new MemoriaDeAgregados(2);
        for (int i = 0; i < 50; i++) {
            memoria.devolver("c" + i, na(1, false));
        }
        long guardados = java.util.stream.IntStream.range(0, 50).filter(i -> memoria.versao("c" + i) != null).count();
        assertThat(guardados).isLessThanOrEqualTo(2);
    }
}
