package br.com.lojaapi.query.processamento;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The share of a processor's segments each node may hold, from one reading of the node registry. */
class DivisaoDeSegmentosTest {

    private static NosEmExecucao.Leitura leitura(int nos, Map<String, Integer> segmentos, Set<String> pausados) {
        List<NoEmExecucao> vivos = IntStream.range(0, nos)
                .mapToObj(i -> new NoEmExecucao("no-" + i, Instant.EPOCH, Instant.EPOCH)).toList();
        return new NosEmExecucao.Leitura(vivos, segmentos, pausados);
    }

    @Test
    void cadaNoTemAParteArredondadaParaCimaEJuntosCobremTodosOsSegmentos() {
        Map<String, Integer> segmentos = Map.of("pedido-view", 2, "tres", 3, "feed-de-eventos", 1);
        assertThat(DivisaoDeSegmentos.parte(leitura(1, segmentos, Set.of()), "pedido-view")).isEqualTo(2);
        assertThat(DivisaoDeSegmentos.parte(leitura(2, segmentos, Set.of()), "pedido-view")).isEqualTo(1);
        assertThat(DivisaoDeSegmentos.parte(leitura(3, segmentos, Set.of()), "pedido-view")).isEqualTo(1);
        assertThat(DivisaoDeSegmentos.parte(leitura(2, segmentos, Set.of()), "tres")).isEqualTo(2);
        assertThat(DivisaoDeSegmentos.parte(leitura(2, segmentos, Set.of()), "feed-de-eventos")).isEqualTo(1);
    }

    @Test
    void processadorPausadoNaoTemSegmentoEmNenhumNo() {
        NosEmExecucao.Leitura pausa = leitura(2, Map.of("pedido-view", 2, "cliente-view", 2), Set.of("pedido-view"));
        assertThat(DivisaoDeSegmentos.parte(pausa, "pedido-view")).isZero();
        assertThat(DivisaoDeSegmentos.parte(pausa, "cliente-view")).isEqualTo(1);
    }

    @Test
    void semLeituraOuSemSegmentosAindaNaoHaLimite() {
        assertThat(DivisaoDeSegmentos.parte(null, "pedido-view")).isEqualTo(Short.MAX_VALUE);
        assertThat(DivisaoDeSegmentos.parte(leitura(2, Map.of(), Set.of()), "novo-view")).isEqualTo(Short.MAX_VALUE);
    }
}
