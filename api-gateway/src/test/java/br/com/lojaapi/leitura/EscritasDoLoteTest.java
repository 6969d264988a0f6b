package br.com.lojaapi.leitura;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita.Espera;
import br.com.lojaapi.query.comum.AvisosDeLeitura;
import br.com.lojaapi.query.comum.LeituraDaPropriaEscrita;
import br.com.lojaapi.query.comum.VersoesProjetadas;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.CannotCreateTransactionException;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** The writes of a batch answered together (POST /produtos/lote): each its own outcome, one bound for all. */
class EscritasDoLoteTest {

    private final VersoesProjetadas versoes = mock(VersoesProjetadas.class);
    private final Map<String, Long> projetadas = new ConcurrentHashMap<>();
    private final AtomicInteger leituras = new AtomicInteger();

    EscritasDoLoteTest() {
        when(versoes.ler(any(), any())).thenAnswer(i -> {
            leituras.incrementAndGet();
            return lidas(i.getArgument(1));
        });
    }

    private Map<AvisosDeLeitura.Linha, Long> lidas(Collection<AvisosDeLeitura.Linha> linhas) {
        Map<AvisosDeLeitura.Linha, Long> lidas = new HashMap<>();
        linhas.forEach(l -> Optional.ofNullable(projetadas.get(l.id())).ifPresent(v -> lidas.put(l, v)));
        return lidas;
    }

    private RespostaDeEscrita resposta(Duration limite) {
        return new RespostaDeEscrita(new LeituraDaPropriaEscrita(versoes, new AvisosDeLeitura(),
                new SimpleMeterRegistry(), limite, 60_000));
    }

    private static List<Espera> produto(String id, long versao) {
        return List.of(new Espera(ModeloLeitura.PRODUTO, id, versao));
    }

    @Test
    void cadaEscritaTemASuaSituacaoEUmaCategoriaCriadaTambemEsperada() {
        projetadas.put("p0", 0L);
        projetadas.put("p2", 3L);
        projetadas.put("c", 0L);

        List<Optional<String>> situacoes = resposta(Duration.ofMillis(300)).visiveis("l", List.of(
                produto("p0", 0), produto("p1", 0), produto("p2", 2),
                List.of(new Espera(ModeloLeitura.CATEGORIA, "c", 0), new Espera(ModeloLeitura.PRODUTO, "p3", 0))));

        assertThat(situacoes.get(0)).isEmpty();
        assertThat(situacoes.get(1)).hasValueSatisfying(aviso -> assertThat(aviso).contains("ainda não reflete"));
        assertThat(situacoes.get(2)).as("uma versão posterior também serve").isEmpty();
        assertThat(situacoes.get(3)).as("o produto da categoria criada não aparece").isPresent();
    }

    /**
     * The requirement is itself a time bound: 50 writes of a stalled read model must not wait 50 bounds. Each is
     * read once after the shared bound runs out; the assertion allows 5 bounds for that, against the 50 it would
     * take with a bound per write.
     */
    @Test
    void umSoLimiteParaOLoteInteiro() {
        Duration limite = Duration.ofMillis(400);
        List<List<Espera>> escritas = IntStream.range(0, 50).mapToObj(i -> produto("p" + i, 0)).toList();
        long inicio = System.nanoTime();

        List<Optional<String>> situacoes = resposta(limite).visiveis("l", escritas);

        assertThat(Duration.ofNanos(System.nanoTime() - inicio)).isLessThan(limite.multipliedBy(5));
        assertThat(situacoes).hasSize(50).allSatisfy(s -> assertThat(s).isPresent());
    }

    @Test
    void bancoQueCaiNoMeioDoLoteDa202AEssaEAsSeguintesSemTentarDeNovo() {
        projetadas.put("p0", 0L);
        doAnswer(i -> {
            leituras.incrementAndGet();
            Collection<AvisosDeLeitura.Linha> linhas = i.getArgument(1);
            if (linhas.stream().allMatch(l -> "p0".equals(l.id()))) {
                return lidas(linhas);
            }
            throw new CannotCreateTransactionException("sem conexão", new SQLException("refused", "08001"));
        }).when(versoes).ler(any(), any());

        List<Optional<String>> situacoes = resposta(Duration.ofSeconds(30)).visiveis("l",
                List.of(produto("p0", 0), produto("p1", 0), produto("p2", 0), produto("p3", 0)));

        assertThat(situacoes.get(0)).isEmpty();
        assertThat(situacoes.subList(1, 4)).allSatisfy(s -> assertThat(s).hasValueSatisfying(
                aviso -> assertThat(aviso).contains("banco de dados")));
        assertThat(leituras.get()).as("p0 e p1; p2 e p3 não esperam por uma conexão").isEqualTo(2);
    }
}
