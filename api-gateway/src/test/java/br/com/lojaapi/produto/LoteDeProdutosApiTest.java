package br.com.lojaapi.produto;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** POST /produtos/lote: up to 100 upserts in one call, each as its own POST /produtos would be. */
class LoteDeProdutosApiTest extends TesteDeApi {

    private static final Duration ESPERA = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ReceptorDeWebhooks receptor;

    @BeforeAll
    static void iniciarReceptor() {
        receptor = new ReceptorDeWebhooks();
    }

    @AfterAll
    static void pararReceptor() {
        receptor.close();
    }

    @Test
    void loteDe100ComTresInvalidosGravaOsOutros97CadaUmComSeuStatusEUmProdutoAtualizadoPorProdutoQueMudou() {
        LojaDeTeste loja = novaLoja();
        Map<Long, String> existentes = new HashMap<>();
        for (long codigo = 1; codigo <= 30; codigo++) {
            Resposta criado = upsert(loja, "{\"codIntegracao\":" + codigo + ",\"nome\":\"Antigo " + codigo
                    + "\",\"preco\":10}");
            assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
            existentes.put(codigo, criado.texto("id"));
        }
        String caminho = "/r/" + UUID.randomUUID();
        Resposta webhook = api.post("/v1/webhooks").token(loja.token()).json("{\"nome\":\"Receptor\",\"url\":\""
                + receptor.url(caminho) + "\",\"eventos\":[\"produto.atualizado\"]}").enviar();
        assertThat(webhook.status()).as(webhook.toString()).isEqualTo(201);

        List<String> elementos = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long codigo = i + 1;
            if (i == 5) {
                // a valid change of the product with an invalid variation: nothing of it may be saved
                elementos.add("{\"codIntegracao\":6,\"preco\":99,\"variacoes\":[{\"nome\":\"Cor\"}]}");
            } else if (i == 29) {
                elementos.add("{\"codIntegracao\":30,\"preco\":10}"); // no change: 200, no event
            } else if (i < 30) {
                elementos.add("{\"codIntegracao\":" + codigo + ",\"preco\":" + (20 + i) + "}");
            } else if (i == 50) {
                elementos.add("{\"nome\":\"Sem código\",\"preco\":1}");
            } else if (i == 77) {
                elementos.add("{\"codIntegracao\":78,\"nome\":\"Preço em texto\",\"preco\":\"abc\"}");
            } else if (i >= 98) {
                // the same code twice in one batch: created, then updated, as two calls in a row
                elementos.add("{\"codIntegracao\":5000,\"nome\":\"Duas vezes\",\"preco\":" + i
                        + ",\"categoria\":\"Lote\"}");
            } else {
                elementos.add("{\"codIntegracao\":" + codigo + ",\"nome\":\"Novo " + codigo + "\",\"preco\":"
                        + codigo + ".01,\"categoria\":\"Lote\"}");
            }
        }

        Resposta lote = api.post("/v1/produtos/lote").token(loja.token()).json(lote(elementos)).invalida().enviar();

        assertThat(lote.status()).as(lote.toString()).isEqualTo(200);
        JsonNode resultados = lote.json().get("resultados");
        assertThat(resultados).hasSize(100);
        Map<Integer, String> ids = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            JsonNode r = resultados.get(i);
            assertThat(r.get("indice").asInt()).isEqualTo(i);
            if (i == 5 || i == 50 || i == 77) {
                assertThat(r.get("status").asInt()).as("elemento %d: %s", i, r).isEqualTo(400);
                assertThat(r.get("id").isNull()).isTrue();
                assertThat(r.get("operacao").isNull()).isTrue();
                continue;
            }
            boolean atualizado = i < 30 || i == 99;
            assertThat(r.get("status").asInt()).as("elemento %d: %s", i, r).isEqualTo(atualizado ? 200 : 201);
            assertThat(r.get("operacao").asText()).isEqualTo(atualizado ? "atualizado" : "criado");
            assertThat(r.get("erro").isNull()).isTrue();
            ids.put(i, r.get("id").asText());
        }
        assertThat(resultados.get(5).get("erro").asText())
                .isEqualTo("variacoes[0]: valor1 é obrigatório para criar a variação");
        assertThat(resultados.get(50).get("erro").asText()).contains("codIntegracao é obrigatório no modo upsert");
        assertThat(resultados.get(77).get("erro").asText()).isEqualTo("Campo 'preco' inválido: esperado um número");
        for (int i : List.of(5, 50, 77)) {
            Resposta sozinho = api.post("/v1/produtos").token(loja.token())
                                  .json(elementos.get(i).replaceFirst("\\{", "{\"upsert\":true,")).enviar();
            assertThat(resultados.get(i).get("status").asInt()).as("o status do elemento %d sozinho", i)
                                                               .isEqualTo(sozinho.status());
            assertThat(resultados.get(i).get("erro").asText()).isEqualTo(sozinho.texto("erro"));
        }
        assertThat(ids.get(0)).isEqualTo(existentes.get(1L));
        assertThat(ids.get(98)).isEqualTo(ids.get(99));

        // read-your-writes: each element shows at once, as it was sent
        for (Map.Entry<Integer, String> gravado : ids.entrySet()) {
            int i = gravado.getKey();
            JsonNode produto = api.get("/v1/produtos/" + gravado.getValue()).token(loja.token()).enviar().json();
            String preco = i == 29 ? "10" : i < 30 ? Integer.toString(20 + i) : i >= 98 ? "99" : (i + 1) + ".01";
            assertThat(produto.get("preco").decimalValue()).as("preço do elemento %d", i).isEqualByComparingTo(preco);
        }
        JsonNode intacto = api.get("/v1/produtos/" + existentes.get(6L)).token(loja.token()).enviar().json();
        assertThat(intacto.get("preco").decimalValue()).isEqualByComparingTo("10");
        assertThat(intacto.get("variacoes")).isEmpty();
        assertThat(intacto.get("versao").asLong()).as("só a criação").isZero();
        JsonNode todos = api.get("/v1/produtos?limite=100").token(loja.token()).enviar().json();
        assertThat(todos.get("paginacao").get("total").asInt()).isEqualTo(30 + 67);
        JsonNode categorias = api.get("/v1/categorias").token(loja.token()).enviar().json();
        assertThat(categorias.toString()).containsOnlyOnce("\"Lote\"");

        // one produto.atualizado per product that changed: 28 of the existing ones and the code sent twice
        Set<String> mudaram = new HashSet<>();
        IntStream.range(0, 29).filter(i -> i != 5).forEach(i -> mudaram.add(ids.get(i)));
        mudaram.add(ids.get(99));
        String sentinela = existentes.get(30L);
        assertThat(api.put("/v1/produtos/" + sentinela).token(loja.token()).json("{\"nome\":\"Sentinela\"}")
                      .enviar().status()).isEqualTo(200);
        assertThat(produtosAtualizadosAte(loja, sentinela)).as("produto.atualizado no feed antes da sentinela")
                .containsExactlyInAnyOrderElementsOf(mudaram);
        // a delivery retried after a lost answer arrives again with its webhook-id: counted once
        List<ReceptorDeWebhooks.Recebido> recebidos = receptor.aguardar(caminho,
                r -> porEntrega(r).size() > mudaram.size(), ESPERA, "uma entrega por produto que mudou");
        Set<String> esperados = new HashSet<>(mudaram);
        esperados.add(sentinela);
        assertThat(porEntrega(recebidos).values()).doesNotHaveDuplicates()
                                                  .containsExactlyInAnyOrderElementsOf(esperados);
    }

    @Test
    void loteDe101OuVazioOuSemListaDa400ENadaMuda() {
        LojaDeTeste loja = novaLoja();
        List<String> cento = IntStream.range(0, 101).mapToObj(i -> "{\"codIntegracao\":" + (i + 1)
                + ",\"nome\":\"P\",\"preco\":1,\"categoria\":\"Nunca\"}").toList();

        Resposta demais = api.post("/v1/produtos/lote").token(loja.token()).json(lote(cento)).enviar();
        Resposta vazio = api.post("/v1/produtos/lote").token(loja.token()).json("{\"produtos\":[]}").enviar();
        Resposta semLista = api.post("/v1/produtos/lote").token(loja.token()).json("{\"itens\":[]}").enviar();
        Resposta naoLista = api.post("/v1/produtos/lote").token(loja.token()).json("{\"produtos\":{}}").enviar();
        Resposta naoJson = api.post("/v1/produtos/lote").token(loja.token()).json("produtos: []").enviar();
        Resposta elementoMalformado = api.post("/v1/produtos/lote").token(loja.token())
                                         .json("{\"produtos\":[{\"codIntegracao\":1,\"nome\":\"P\",\"preco\":1},{]}")
                                         .enviar();

        assertThat(demais.status()).as(demais.toString()).isEqualTo(400);
        assertThat(demais.texto("erro")).isEqualTo("produtos: envie de 1 a 100 produtos por lote");
        assertThat(vazio.status()).isEqualTo(400);
        assertThat(vazio.texto("erro")).isEqualTo("produtos: envie de 1 a 100 produtos por lote");
        assertThat(semLista.status()).isEqualTo(400);
        assertThat(naoLista.status()).isEqualTo(400);
        assertThat(naoLista.texto("erro")).isEqualTo("Campo 'produtos' inválido: esperado uma lista");
        assertThat(naoJson.status()).isEqualTo(400);
        assertThat(naoJson.texto("erro")).startsWith("JSON malformado");
        assertThat(elementoMalformado.status()).as("JSON malformado num elemento: o lote inteiro")
                                               .isEqualTo(400);
        assertThat(api.get("/v1/produtos").token(loja.token()).enviar().json().get("produtos")).isEmpty();
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).isEmpty();
    }

    @Test
    void elementoQueNaoEObjetoOuComUpsertFalseERecusadoSozinho() {
        LojaDeTeste loja = novaLoja();

        Resposta lote = api.post("/v1/produtos/lote").token(loja.token()).json("{\"produtos\":[null,5,"
                + "{\"codIntegracao\":1,\"nome\":\"A\",\"preco\":1,\"upsert\":false},"
                + "{\"codIntegracao\":2,\"nome\":\"B\",\"preco\":2,\"upsert\":true}]}").invalida().enviar();

        assertThat(lote.status()).as(lote.toString()).isEqualTo(200);
        JsonNode r = lote.json().get("resultados");
        assertThat(r.get(0).get("erro").asText()).isEqualTo("Cada produto do lote deve ser um objeto JSON");
        assertThat(r.get(1).get("erro").asText()).isEqualTo("Cada produto do lote deve ser um objeto JSON");
        assertThat(r.get(2).get("erro").asText()).startsWith("upsert: no lote");
        assertThat(r).extracting(e -> e.get("status").asInt()).containsExactly(400, 400, 400, 201);
        assertThat(api.get("/v1/produtos").token(loja.token()).enviar().json().get("produtos")).hasSize(1);
    }

    @Test
    void repeticaoComAMesmaIdempotencyKeyDevolveOMesmoCorpoENadaGravaDeNovo() {
        LojaDeTeste loja = novaLoja();
        String corpo = lote(List.of("{\"codIntegracao\":1,\"nome\":\"A\",\"preco\":1}",
                "{\"codIntegracao\":1,\"preco\":2}", "{\"codIntegracao\":2,\"preco\":-1,\"nome\":\"B\"}"));
        String chave = UUID.randomUUID().toString();

        Resposta primeira = api.post("/v1/produtos/lote").token(loja.token()).cabecalho("Idempotency-Key", chave)
                               .json(corpo).invalida().enviar();
        Resposta repetida = api.post("/v1/produtos/lote").token(loja.token()).cabecalho("Idempotency-Key", chave)
                               .json(corpo).invalida().enviar();

        assertThat(primeira.status()).as(primeira.toString()).isEqualTo(200);
        assertThat(primeira.json().get("resultados")).extracting(r -> r.get("status").asInt())
                                                      .containsExactly(201, 200, 400);
        assertThat(repetida.status()).isEqualTo(200);
        assertThat(repetida.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repetida.corpo()).isEqualTo(primeira.corpo());
        JsonNode produtos = api.get("/v1/produtos").token(loja.token()).enviar().json().get("produtos");
        assertThat(produtos).hasSize(1);
        assertThat(produtos.get(0).get("versao").asLong()).as("criado e atualizado uma vez").isEqualTo(1);
    }

    @Test
    void categoriaEProdutoDeOutraLojaSaoDesconhecidos() {
        LojaDeTeste outra = novaLoja();
        String categoriaDaOutra = novaCategoria(outra, "Da outra");
        Resposta daOutra = upsert(outra, "{\"codIntegracao\":10,\"nome\":\"Da outra\",\"preco\":5}");
        LojaDeTeste loja = novaLoja();

        Resposta lote = api.post("/v1/produtos/lote").token(loja.token()).json(lote(List.of(
                "{\"codIntegracao\":11,\"nome\":\"X\",\"preco\":1,\"categoriaId\":\"" + categoriaDaOutra + "\"}",
                "{\"codIntegracao\":10,\"nome\":\"Meu\",\"preco\":7}"))).invalida().enviar();

        JsonNode r = lote.json().get("resultados");
        Resposta sozinho = upsert(loja, "{\"codIntegracao\":11,\"nome\":\"X\",\"preco\":1,\"categoriaId\":\""
                + categoriaDaOutra + "\"}");
        assertThat(r.get(0).get("status").asInt()).isEqualTo(sozinho.status()).isBetween(400, 404);
        assertThat(r.get(0).get("erro").asText()).isEqualTo(sozinho.texto("erro"));
        assertThat(r.get(1).get("status").asInt()).as("o código 10 da outra loja não é deste").isEqualTo(201);
        assertThat(r.get(1).get("id").asText()).isNotEqualTo(daOutra.texto("id"));
        JsonNode intacto = api.get("/v1/produtos/" + daOutra.texto("id")).token(outra.token()).enviar().json();
        assertThat(intacto.get("nome").asText()).isEqualTo("Da outra");
        assertThat(intacto.get("versao").asLong()).isZero();
        assertThat(api.get("/v1/produtos/" + r.get(1).get("id").asText()).token(outra.token()).enviar().status())
                .isEqualTo(404);
    }

    @Test
    void doisLotesSimultaneosComOsMesmosCodigosEmOrdensOpostasCriamUmProdutoPorCodigo() throws Exception {
        LojaDeTeste loja = novaLoja();
        List<String> ida = IntStream.rangeClosed(1, 40).mapToObj(c -> "{\"codIntegracao\":" + c
                + ",\"nome\":\"P" + c + "\",\"preco\":1,\"categoria\":\"Comum\"}").toList();
        List<String> volta = new ArrayList<>(ida);
        java.util.Collections.reverse(volta);

        List<Resposta> respostas = EmParalelo.executar(2, i -> new ClienteHttp(porta).post("/v1/produtos/lote")
                .token(loja.token()).json(lote(i == 0 ? ida : volta)).enviar());

        Map<String, Integer> criacoes = new HashMap<>();
        for (Resposta resposta : respostas) {
            assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
            resposta.json().get("resultados").forEach(r -> {
                assertThat(r.get("status").asInt()).as(r.toString()).isIn(200, 201);
                criacoes.merge(r.get("id").asText(), r.get("status").asInt() == 201 ? 1 : 0, Integer::sum);
            });
        }
        assertThat(criacoes).hasSize(40).allSatisfy((id, vezes) -> assertThat(vezes).as(id).isEqualTo(1));
        assertThat(api.get("/v1/produtos?limite=100").token(loja.token()).enviar().json().get("produtos"))
                .hasSize(40);
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).hasSize(1);
    }

    /** The ids of the produto.atualizado events in the feed before the sentinel's own, once it is there. */
    private List<String> produtosAtualizadosAte(LojaDeTeste loja, String sentinela) {
        long fim = System.nanoTime() + ESPERA.toNanos();
        while (System.nanoTime() < fim) {
            List<String> ids = new ArrayList<>();
            for (JsonNode evento : api.get("/v1/eventos?tipos=produto.atualizado&limite=500").token(loja.token())
                                      .enviar().json().get("eventos")) {
                String id = evento.get("dados").get("id").asText();
                if (id.equals(sentinela)) {
                    return ids;
                }
                ids.add(id);
            }
            pausar();
        }
        return fail("a sentinela não chegou ao feed");
    }

    private Resposta upsert(LojaDeTeste loja, String json) {
        return api.post("/v1/produtos").token(loja.token()).json(json.replaceFirst("\\{", "{\"upsert\":true,")).enviar();
    }

    static String lote(List<String> elementos) {
        return "{\"produtos\":[" + String.join(",", elementos) + "]}";
    }

    /** The product of each delivery, by delivery id (webhook-id). */
    private static Map<String, String> porEntrega(List<ReceptorDeWebhooks.Recebido> recebidos) {
        Map<String, String> produtos = new HashMap<>();
        recebidos.forEach(r -> produtos.put(r.cabecalho("webhook-id"), dados(r).get("id").asText()));
        return produtos;
    }

    private static JsonNode dados(ReceptorDeWebhooks.Recebido recebido) {
        try {
            return JSON.readTree(recebido.corpo()).get("dados");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void pausar() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
