package br.com.lojaapi.sincronia;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class SincroniaApiTest extends TesteDeApi {

    private static final Duration PRAZO = Duration.ofSeconds(60);

    @Test
    void milProdutosAlteradosEmRajadasChegamTodosSemRepeticaoEmOrdem() throws Exception {
        LojaDeTeste loja = novaLoja();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<String> ids = criar(threads, 1000, i -> api.post("/v1/produtos").token(loja.token())
                    .json("{\"nome\":\"Produto " + i + "\",\"preco\":1,\"controlaEstoque\":true,\"quantidadeEstoque\":0}")
                    .enviar());
            Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/produtos", "produtos", 37);
            // Each batch is one command with one atualizadoEm for all its products, applied by the projection in
            // several commits: a poller between them sees part of a timestamp's rows.
            Future<?> escritas = threads.submit(() -> {
                for (int[] faixa : new int[][]{{0, 500}, {500, 1000}, {250, 750}, {0, 500}}) {
                    String movimentos = ids.subList(faixa[0], faixa[1]).stream()
                            .map(id -> "{\"produtoId\":\"" + id + "\",\"tipo\":\"ENTRADA\",\"quantidade\":1}")
                            .collect(Collectors.joining(",", "[", "]"));
                    Resposta lote = api.post("/v1/estoque/lote").token(loja.token())
                                       .json("{\"movimentos\":" + movimentos + "}").enviar();
                    assertThat(lote.status()).as(lote.toString()).isEqualTo(200);
                }
                return null;
            });
            while (!escritas.isDone()) {
                leitor.lerTudo();
                Thread.sleep(20);
            }
            escritas.get();

            Map<String, JsonNode> finais = lista(loja);
            assertThat(finais).hasSize(1000);
            assertThat(finais.values().stream().collect(Collectors.groupingBy(p -> p.get("atualizadoEm").asText(),
                    Collectors.counting())).values()).as("um atualizadoEm para cada lote").contains(500L);
            leitor.ate(l -> finais.values().stream().allMatch(p -> l.viu(p.get("id").asText(),
                    p.get("versao").asLong())), PRAZO);
            leitor.lerTudo();

            leitor.semRepeticaoEEmOrdem();
            Map<String, Long> ultimas = leitor.ultimas();
            assertThat(ultimas).hasSize(1000);
            finais.forEach((id, p) -> assertThat(ultimas.get(id)).as(id).isEqualTo(p.get("versao").asLong()));
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void produtoRemovidoApareceComoRemovido() throws Exception {
        LojaDeTeste loja = novaLoja();
        String fica = produto(loja, "Fica");
        String sai = produto(loja, "Sai");
        Resposta removido = api.delete("/v1/produtos/" + sai).token(loja.token()).enviar();
        assertThat(removido.status()).as(removido.toString()).isEqualTo(200);
        long versao = api.get("/v1/produtos/" + fica).token(loja.token()).enviar().json().get("versao").asLong();

        Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/produtos", "produtos", 10);
        leitor.ate(l -> l.vistos.stream().anyMatch(v -> v.id().equals(sai) && v.removido()) && l.viu(fica, versao),
                PRAZO);

        JsonNode item = leitor.vistos.stream().filter(v -> v.id().equals(sai) && v.removido()).findFirst()
                                     .orElseThrow().item();
        assertThat(item.get("nome").asText()).isEqualTo("Sai");
        assertThat(item.get("disponivel").asBoolean()).isFalse();
        assertThat(Instant.parse(item.get("removidoEm").asText())).isEqualTo(Instant.parse(item.get("atualizadoEm").asText()));
        JsonNode vivo = leitor.vistos.stream().filter(v -> v.id().equals(fica)).findFirst().orElseThrow().item();
        assertThat(vivo.get("removido").asBoolean()).isFalse();
        assertThat(vivo.has("removidoEm")).isFalse();
        // the same fields as GET /produtos/{id}, plus removido
        JsonNode lido = api.get("/v1/produtos/" + fica).token(loja.token()).enviar().json();
        List<String> campos = new ArrayList<>();
        lido.fieldNames().forEachRemaining(campos::add);
        campos.add("removido");
        assertThat(vivo.fieldNames()).toIterable().containsExactlyElementsOf(campos);
        // the plain list is unchanged: removed products never appear there
        List<String> listados = new ArrayList<>();
        api.get("/v1/produtos").token(loja.token()).enviar().json().get("produtos")
           .forEach(p -> listados.add(p.get("id").asText()));
        assertThat(listados).containsExactly(fica);
    }

    @Test
    void escritaQueConfirmaTardeNaoEPuladaPorQuemJaLeuAsPosteriores() throws Exception {
        LojaDeTeste loja = novaLoja();
        String a = produto(loja, "A");
        String b = produto(loja, "B");
        Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/produtos", "produtos", 10);
        leitor.ate(l -> l.viu(a, 0) && l.viu(b, 0), PRAZO);
        ExecutorService threads = Executors.newSingleThreadExecutor();
        // A's next event is taken by a row that is not committed: the app's append for A takes its global index and
        // then waits on the unique (aggregate_identifier, sequence_number) index
        try (EventoReservado trava = EventoReservado.de(a, 1, "Produto")) {
            Future<Resposta> alteracaoDeA = threads.submit(() -> api.put("/v1/produtos/" + a).token(loja.token())
                                                                   .json("{\"preco\":2}").enviar());
            trava.esperarEscritaBloqueada(PRAZO);
            Resposta alteracaoDeB = api.put("/v1/produtos/" + b).token(loja.token()).json("{\"preco\":3}").enviar();
            assertThat(alteracaoDeB.status()).as(alteracaoDeB.toString()).isEqualTo(200);

            // B's change is in the read model, after A's in the event store; A's is not committed yet
            assertThat(api.get("/v1/produtos/" + b).token(loja.token()).enviar().json().get("versao").asLong())
                    .isEqualTo(1);
            Instant ate = Instant.now().plusSeconds(2);
            while (Instant.now().isBefore(ate)) {
                leitor.lerTudo();
                assertThat(leitor.viu(b, 1)).as("o cursor não passa de uma escrita ainda aberta").isFalse();
                Thread.sleep(100);
            }
            assertThat(alteracaoDeA.isDone()).isFalse();
            trava.desfazer();

            Resposta alteradoA = alteracaoDeA.get();
            assertThat(alteradoA.status()).as(alteradoA.toString()).isEqualTo(200);
            assertThat(Instant.parse(alteradoA.texto("atualizadoEm")))
                    .isBefore(Instant.parse(alteracaoDeB.texto("atualizadoEm")));
        } finally {
            threads.shutdownNow();
        }
        leitor.ate(l -> l.viu(a, 1) && l.viu(b, 1), PRAZO);
        assertThat(leitor.posicao(a, 1)).isLessThan(leitor.posicao(b, 1));
        leitor.semRepeticaoEEmOrdem();
    }

    private String produto(LojaDeTeste loja, String nome) {
        Resposta criado = api.post("/v1/produtos").token(loja.token())
                             .json("{\"nome\":\"" + nome + "\",\"preco\":1}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private static List<String> criar(ExecutorService threads, int quantos,
                                      Function<Integer, Resposta> requisicao) throws Exception {
        List<Future<Resposta>> futuros = new ArrayList<>();
        IntStream.range(0, quantos).forEach(i -> futuros.add(threads.submit(() -> requisicao.apply(i))));
        List<String> ids = new ArrayList<>();
        for (Future<Resposta> futuro : futuros) {
            Resposta criado = futuro.get();
            assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
            ids.add(criado.texto("id"));
        }
        return Collections.unmodifiableList(ids);
    }

    /** Every product of the store as the plain list shows it. */
    private Map<String, JsonNode> lista(LojaDeTeste loja) {
        Map<String, JsonNode> produtos = new HashMap<>();
        for (int pagina = 1; pagina <= 10; pagina++) {
            Resposta resposta = api.get("/v1/produtos?limite=100&page=" + pagina).token(loja.token()).enviar();
            assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
            resposta.json().get("produtos").forEach(p -> produtos.put(p.get("id").asText(), p));
        }
        return produtos;
    }
}
