package br.com.lojaapi.operacao;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.ReceptorDeWebhooks.Recebido;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.SegmentosDosNos;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TesteDeApi.LojaDeTeste;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Two nodes for real: two instances of the application on a database of their own (no other node on it), behind a
 * client that sends each request to the next node in turn, under a mixed workload of orders, stock movements,
 * product changes and reads, with a webhook receiver. Asserted as a client would notice it, with exact counts: a
 * write through one node is read at once through the other; a token's quota is one for both nodes; limited stock
 * is sold exactly once; each webhook attempt is sent once; a projection rebuilt from one node is respected by the
 * other while reads go on.
 * <p>
 * Both nodes carry the contract's quotas (180 requests and 90 writes per minute and token), so every integration
 * below has a token of its own and stays within them; pollers that run for as long as something lasts take a new
 * token before theirs runs out.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DoisNosSobCargaApiTest {

    private static final String BANCO = "dois_nos";
    private static final String ADMIN = TesteDeApi.ADMIN;
    private static final Duration ESPERA = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Integrations of the mixed workload, and the rounds each runs: well within one token's quota per minute. */
    private static final int INTEGRACOES = 6;
    private static final int RODADAS = 8;
    private static final int ESTOQUE_DISPUTADO = 15;
    private static final int MINIMO_DISPUTADO = 3;
    private static final int RAJADA = 16;
    private static final int ESTOQUE_PROPRIO = 100;

    private static OutroNo primeiro;
    private static OutroNo segundo;
    private static No a;
    private static No b;
    private static ReceptorDeWebhooks receptor;

    /** One node, named for the messages. */
    record No(String nome, ClienteHttp http) {
    }

    @BeforeAll
    static void iniciarDoisNos() {
        UrlDoBanco banco = BancoDeTestes.url(BANCO);
        // Two replicas of one deployment, with the same settings: the contract's quotas, and a delivery time limit no
        // attempt reaches here, so a second delivery of an event could only be a duplicate, never a retry.
        Map<String, Object> configuracao = Map.of("loja.limite.por-minuto", 180,
                "loja.limite.escritas-por-minuto", 90, "loja.webhooks.tempo-limite", "10s");
        primeiro = OutroNo.iniciar(banco, configuracao);
        segundo = OutroNo.iniciar(banco, configuracao);
        a = new No("A", primeiro.cliente());
        b = new No("B", segundo.cliente());
        // Both replicas processing events before the workload starts: the second node's share of the segments is
        // handed over in its first seconds, and a webhook rendered while its segment changes hands shows a later
        // state of the product (produto.atualizado renders the product as it is when sent).
        SegmentosDosNos.aguardarDivisao(List.of(a.http(), b.http()));
        receptor = new ReceptorDeWebhooks();
    }

    @AfterAll
    static void pararDoisNos() {
        if (receptor != null) {
            receptor.close();
        }
        if (segundo != null) {
            segundo.close();
        }
        if (primeiro != null) {
            primeiro.close();
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 1, 3 and 4: mixed workload

    /** What one integration did, for the checks after the workload. */
    private record Trabalho(String produto, List<String> pedidos, List<String> vendidos, List<Resposta> recusados,
                            List<BigDecimal> precos, List<Long> versoes) {
    }

    @Test
    @Order(1)
    void cargaMistaLeSuasEscritasNoOutroNoNaoVendeDemaisEEntregaCadaWebhookUmaVez() throws Exception {
        LojaDeTeste loja = TesteDeApi.novaLoja(a.http());
        Integracao gestor = new Integracao(loja.id(), "gestor", 0, 0);
        Webhook webhook = webhook(gestor, "pedido.criado", "produto.atualizado", "produto.estoque_baixo");
        String disputado = produto(gestor, "{\"nome\":\"Disputado\",\"preco\":20,\"controlaEstoque\":true,"
                + "\"quantidadeEstoque\":" + ESTOQUE_DISPUTADO + ",\"estoqueMinimo\":" + MINIMO_DISPUTADO + "}");
        List<String> proprios = new ArrayList<>();
        for (int i = 0; i < INTEGRACOES; i++) {
            proprios.add(produto(gestor, "{\"nome\":\"Produto " + i + "\",\"preco\":10,\"controlaEstoque\":true,"
                    + "\"quantidadeEstoque\":" + ESTOQUE_PROPRIO + "}"));
        }

        ExecutorService threads = Executors.newFixedThreadPool(INTEGRACOES + 2);
        CountDownLatch largada = new CountDownLatch(1);
        AtomicBoolean fim = new AtomicBoolean();
        List<BigDecimal> vistos = new CopyOnWriteArrayList<>();
        List<String> falhasDoVigia = new CopyOnWriteArrayList<>();
        List<Resposta> rajada;
        List<Trabalho> trabalhos = new ArrayList<>();
        try {
            // Reads the disputed stock on both nodes in turn for as long as the workload runs.
            Future<?> vigia = threads.submit(() -> vigiar(loja, disputado, fim, vistos, falhasDoVigia));
            List<Future<Trabalho>> integracoes = new ArrayList<>();
            for (int i = 0; i < INTEGRACOES; i++) {
                Integracao integracao = new Integracao(loja.id(), "integracao-" + i, i, 0);
                String produto = proprios.get(i);
                integracoes.add(threads.submit(() -> {
                    largada.await();
                    return trabalhar(integracao, produto, disputado);
                }));
            }
            // At the same moment, a burst of orders for the disputed product, half on each node.
            Integracao daRajada = new Integracao(loja.id(), "rajada", 0, 0);
            Future<List<Resposta>> rajadaFeita = threads.submit(() -> {
                largada.await();
                return emParalelo(RAJADA, RAJADA, i -> {
                    Resposta pedido = no(i).http().post("/v1/pedidos").token(daRajada.token())
                                           .json(pedidoDe(disputado)).enviar();
                    if (pedido.status() == 201) {
                        leSeuPedidoNoOutroNo(daRajada, no(i + 1), pedido, "rajada " + i);
                    }
                    return pedido;
                });
            });
            largada.countDown();
            for (Future<Trabalho> integracao : integracoes) {
                trabalhos.add(integracao.get());
            }
            rajada = rajadaFeita.get();
            fim.set(true);
            vigia.get();
        } finally {
            fim.set(true);
            threads.shutdownNow();
        }

        // 3. Stock is never oversold.
        List<String> vendidos = new ArrayList<>();
        List<Resposta> recusados = new ArrayList<>();
        trabalhos.forEach(t -> {
            vendidos.addAll(t.vendidos());
            recusados.addAll(t.recusados());
        });
        for (Resposta r : rajada) {
            if (r.status() == 201) {
                vendidos.add(r.texto("id"));
            } else {
                recusados.add(r);
            }
        }
        assertThat(vendidos).as("vendidos do produto disputado").hasSize(ESTOQUE_DISPUTADO).doesNotHaveDuplicates();
        long tentativas = (long) INTEGRACOES * RODADAS + RAJADA;
        assertThat(porStatus(recusados)).as("pedidos do produto disputado recusados, por status")
                                        .isEqualTo(Map.of(400, tentativas - ESTOQUE_DISPUTADO));
        assertThat(recusados).allSatisfy(r -> assertThat(r.texto("erro")).contains("estoque insuficiente"));
        for (No no : List.of(a, b)) {
            assertThat(estoque(no, gestor, disputado)).as("estoque final no nó %s", no.nome())
                                                      .isEqualByComparingTo("0");
        }
        BigDecimal somaVendida = BigDecimal.ZERO;
        for (String pedido : vendidos) {
            JsonNode lido = ler(gestor.proximo(), gestor, "/v1/pedidos/" + pedido);
            assertThat(lido.get("itens")).hasSize(1);
            assertThat(lido.get("itens").get(0).get("produto").get("id").asText()).isEqualTo(disputado);
            somaVendida = somaVendida.add(lido.get("itens").get(0).get("quantidade").decimalValue());
        }
        assertThat(somaVendida).as("o que os pedidos levaram é o estoque que havia")
                               .isEqualByComparingTo(BigDecimal.valueOf(ESTOQUE_DISPUTADO));
        assertThat(falhasDoVigia).as("leituras do estoque disputado").isEmpty();
        assertThat(vistos).as("estoque lido durante a carga").isNotEmpty()
                          .allSatisfy(v -> assertThat(v).isBetween(BigDecimal.ZERO,
                                  BigDecimal.valueOf(ESTOQUE_DISPUTADO)));
        for (int i = 1; i < vistos.size(); i++) {
            assertThat(vistos.get(i)).as("o estoque só desce: leitura %d", i).isLessThanOrEqualTo(vistos.get(i - 1));
        }
        // Movements add up: each integration's product got an order of 1 and an entry of 2 per round.
        for (Trabalho t : trabalhos) {
            for (No no : List.of(a, b)) {
                assertThat(estoque(no, gestor, t.produto())).as("estoque de %s no nó %s", t.produto(), no.nome())
                        .isEqualByComparingTo(BigDecimal.valueOf(ESTOQUE_PROPRIO + RODADAS));
            }
        }
        List<String> todosOsPedidos = new ArrayList<>(vendidos);
        trabalhos.forEach(t -> todosOsPedidos.addAll(t.pedidos()));
        for (No no : List.of(a, b)) {
            JsonNode lista = ler(no, gestor, "/v1/pedidos?limite=100");
            assertThat(lista.get("paginacao").get("total").asInt()).as("pedidos no nó %s", no.nome())
                                                              .isEqualTo(todosOsPedidos.size());
            assertThat(campo(lista.get("pedidos"), "id")).containsExactlyInAnyOrderElementsOf(todosOsPedidos);
            assertThat(campo(lista.get("pedidos"), "numero")).as("números de pedido").doesNotHaveDuplicates();
        }

        // 4. Each webhook attempt is sent once, though both nodes run the dispatcher (each holds one of its segments)
        // and both poll the send queue.
        int atualizacoes = INTEGRACOES * RODADAS;
        List<Recebido> recebidos = entregasEstaveis(loja, webhook, todosOsPedidos.size() + atualizacoes + 1);
        assertThat(porEvento(recebidos, "pedido.criado").stream().map(r -> dados(r).get("id").asText()).toList())
                .as("um pedido.criado por pedido criado").containsExactlyInAnyOrderElementsOf(todosOsPedidos);
        List<Recebido> produtos = porEvento(recebidos, "produto.atualizado");
        for (Trabalho t : trabalhos) {
            umPorAlteracao(t, produtos.stream().map(DoisNosSobCargaApiTest::dados)
                                      .filter(d -> d.get("id").asText().equals(t.produto())).toList());
        }
        List<Recebido> baixos = porEvento(recebidos, "produto.estoque_baixo");
        assertThat(baixos).as("o estoque disputado cruzou o mínimo uma vez").hasSize(1);
        assertThat(dados(baixos.get(0)).get("produtoId").asText()).isEqualTo(disputado);
        assertThat(dados(baixos.get(0)).get("quantidadeEstoque").decimalValue())
                .isEqualByComparingTo(BigDecimal.valueOf(MINIMO_DISPUTADO));
    }

    /**
     * One integration's rounds: each write goes to one node and is read back at once through the other (1).
     * Per round: an order of its own product, an order for the disputed one, a stock entry and a price change.
     */
    private Trabalho trabalhar(Integracao api, String produto, String disputado) {
        List<String> pedidos = new ArrayList<>();
        List<String> vendidos = new ArrayList<>();
        List<Resposta> recusados = new ArrayList<>();
        List<BigDecimal> precos = new ArrayList<>();
        List<Long> versoes = new ArrayList<>();
        BigDecimal estoque = BigDecimal.valueOf(ESTOQUE_PROPRIO);
        for (int rodada = 0; rodada < RODADAS; rodada++) {
            String onde = api.nome() + " rodada " + rodada;

            No escreve = api.proximo();
            No le = api.proximo();
            Resposta pedido = api.post(escreve, "/v1/pedidos", pedidoDe(produto));
            assertThat(pedido.status()).as("%s: pedido em %s: %s", onde, escreve.nome(), pedido).isEqualTo(201);
            pedidos.add(pedido.texto("id"));
            estoque = estoque.subtract(BigDecimal.ONE);
            leSeuPedidoNoOutroNo(api, le, pedido, onde);

            escreve = api.proximo();
            le = api.proximo();
            Resposta disputa = api.post(escreve, "/v1/pedidos", pedidoDe(disputado));
            if (disputa.status() == 201) {
                vendidos.add(disputa.texto("id"));
                leSeuPedidoNoOutroNo(api, le, disputa, onde);
            } else {
                recusados.add(disputa);
            }

            escreve = api.proximo();
            le = api.proximo();
            Resposta movimento = api.post(escreve, "/v1/estoque",
                    "{\"produtoId\":\"" + produto + "\",\"tipo\":\"ENTRADA\",\"quantidade\":2}");
            assertThat(movimento.status()).as("%s: estoque em %s: %s", onde, escreve.nome(), movimento).isEqualTo(200);
            assertThat(movimento.json().get("quantidadeAnterior").decimalValue()).as(onde)
                                                                                  .isEqualByComparingTo(estoque);
            estoque = estoque.add(BigDecimal.valueOf(2));
            assertThat(movimento.json().get("quantidadeAtual").decimalValue()).as(onde).isEqualByComparingTo(estoque);
            Resposta produtoLido = api.get(le, "/v1/produtos/" + produto);
            assertThat(produtoLido.status()).as("%s: %s", onde, produtoLido).isEqualTo(200);
            assertThat(produtoLido.json().get("quantidadeEstoque").decimalValue())
                    .as("%s: estoque gravado em %s, lido em %s", onde, escreve.nome(), le.nome())
                    .isEqualByComparingTo(estoque);

            escreve = api.proximo();
            le = api.proximo();
            BigDecimal preco = new BigDecimal("10.00").add(new BigDecimal(api.indice() * 100 + rodada + 1)
                                                       .movePointLeft(2));
            Resposta alterado = api.put(escreve, "/v1/produtos/" + produto, "{\"preco\":" + preco + "}");
            assertThat(alterado.status()).as("%s: alteração em %s: %s", onde, escreve.nome(), alterado)
                                         .isEqualTo(200);
            precos.add(preco);
            versoes.add(alterado.json().get("versao").asLong());
            produtoLido = api.get(le, "/v1/produtos/" + produto);
            assertThat(produtoLido.status()).as("%s: %s", onde, produtoLido).isEqualTo(200);
            assertThat(produtoLido.json().get("preco").decimalValue())
                    .as("%s: preço gravado em %s, lido em %s", onde, escreve.nome(), le.nome())
                    .isEqualByComparingTo(preco);
            assertThat(produtoLido.json().get("versao").asLong()).as(onde)
                                                                 .isEqualTo(alterado.json().get("versao").asLong());
        }
        return new Trabalho(produto, pedidos, vendidos, recusados, precos, versoes);
    }

    private static void leSeuPedidoNoOutroNo(Integracao api, No le, Resposta criado, String onde) {
        String id = criado.texto("id");
        Resposta lido = api.get(le, "/v1/pedidos/" + id);
        assertThat(lido.status()).as("%s: pedido %s lido em %s: %s", onde, id, le.nome(), lido).isEqualTo(200);
        assertThat(lido.json().get("numero")).as(onde).isEqualTo(criado.json().get("numero"));
        assertThat(lido.json().get("total").decimalValue()).as(onde)
                .isEqualByComparingTo(criado.json().get("total").decimalValue());
        assertThat(lido.json().get("versao")).as(onde).isEqualTo(criado.json().get("versao"));
        Resposta lista = api.get(le, "/v1/pedidos?limite=100");
        assertThat(lista.status()).as("%s: %s", onde, lista).isEqualTo(200);
        assertThat(campo(lista.json().get("pedidos"), "id")).as("%s: lista em %s", onde, le.nome()).contains(id);
    }

    /**
     * One produto.atualizado per change. Its body is the product as GET returns it when the dispatcher renders it
     * ({@code RenderizadorDeEventos} waits for the change "or a later one"): the change itself or, when the dispatcher
     * was behind the product's read model, a later state.
     * So, with both sorted by version, each body shows a version at or after its change's, and the price the product
     * had at that version (the last change at or before it; stock movements in between leave the price alone).
     */
    private static void umPorAlteracao(Trabalho t, List<JsonNode> corpos) {
        List<JsonNode> porVersao = corpos.stream().sorted(Comparator.comparingLong(d -> d.get("versao").asLong()))
                                         .toList();
        assertThat(porVersao).as("um produto.atualizado por alteração de %s", t.produto()).hasSize(t.precos().size());
        for (int i = 0; i < porVersao.size(); i++) {
            long versao = porVersao.get(i).get("versao").asLong();
            assertThat(versao).as("produto.atualizado %d de %s: versão", i, t.produto())
                              .isGreaterThanOrEqualTo(t.versoes().get(i));
            BigDecimal naVersao = null;
            for (int j = 0; j < t.versoes().size() && t.versoes().get(j) <= versao; j++) {
                naVersao = t.precos().get(j);
            }
            assertThat(porVersao.get(i).get("preco").decimalValue()).as("produto.atualizado de %s na versão %d: %s",
                    t.produto(), versao, porVersao.get(i)).isEqualByComparingTo(naVersao);
        }
    }

    private void vigiar(LojaDeTeste loja, String produto, AtomicBoolean fim, List<BigDecimal> vistos,
                        List<String> falhas) {
        Integracao vigia = new Integracao(loja.id(), "vigia", 0, 150);
        while (!fim.get()) {
            No no = vigia.proximo();
            Resposta lido = vigia.get(no, "/v1/produtos/" + produto);
            if (lido.status() != 200) {
                falhas.add(no.nome() + ": " + lido);
            } else {
                vistos.add(lido.json().get("quantidadeEstoque").decimalValue());
            }
            pausar(20);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 2: quotas

    @Test
    @Order(2)
    void cotaDeUmTokenEUmaSoParaOsDoisNos() throws Exception {
        LojaDeTeste loja = TesteDeApi.novaLoja(a.http());

        // 360 reads with one token, half on each node: a quota per node would let all of them through.
        List<Resposta> leituras = emParalelo(360, 12, i -> no(i).http().get("/v1/categorias").token(loja.token())
                                                                  .enviar());
        assertThat(porStatus(leituras)).as("leituras por status").isEqualTo(Map.of(200, 180L, 429, 180L));
        List<Resposta> recusadas = leituras.stream().filter(r -> r.status() != 200).toList();
        assertThat(recusadas).allSatisfy(r -> {
            assertThat(r.texto("erro")).contains("180 requisições");
            assertThat(r.cabecalho("X-RateLimit-Limit")).isEqualTo("180");
            assertThat(r.cabecalho("X-RateLimit-Remaining")).isEqualTo("0");
            assertThat(Long.parseLong(r.cabecalho("Retry-After"))).isBetween(1L, 60L);
        });
        for (No no : List.of(a, b)) {
            assertThat(no.http().get("/v1/categorias").token(loja.token()).enviar().status())
                    .as("nó %s depois da cota", no.nome()).isEqualTo(429);
        }

        // 180 writes with another token of the store: 90 pass on the two nodes together, the rest change nothing.
        String token = TesteDeApi.novoToken(a.http(), loja.id(), "escritas");
        List<Resposta> escritas = emParalelo(180, 12, i -> no(i).http().post("/v1/categorias").token(token)
                                                               .json("{\"nome\":\"Cota " + i + "\"}").enviar());
        assertThat(porStatus(escritas)).as("escritas por status").isEqualTo(Map.of(201, 90L, 429, 90L));
        assertThat(escritas.stream().filter(r -> r.status() == 429).toList()).allSatisfy(r -> {
            assertThat(r.texto("erro")).contains("90 escritas");
            assertThat(r.cabecalho("X-RateLimit-Write-Limit")).isEqualTo("90");
        });
        for (No no : List.of(a, b)) {
            Resposta categorias = no.http().get("/v1/categorias").token(token).enviar();
            assertThat(categorias.status()).as("nó %s: %s", no.nome(), categorias).isEqualTo(200);
            assertThat(categorias.json()).as("categorias no nó %s", no.nome()).hasSize(90);
        }
        // 90 writes and these 2 reads took 92 of the 180; a refused write costs nothing, on either node.
        List<Resposta> depois = emParalelo(100, 12, i -> no(i).http().get("/v1/categorias").token(token).enviar());
        assertThat(porStatus(depois)).as("leituras depois das escritas, por status")
                                     .isEqualTo(Map.of(200, 88L, 429, 12L));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 5: a replay started on one node

    private static final int PEDIDOS_ANTES = 120;
    private static final int PEDIDOS_DURANTE = 10;
    private static final String PROJECAO = "pedido-view";

    @Test
    @Order(3)
    void replayPedidoNumNoERespeitadoPeloOutroSemLeiturasFalhasNemWebhooksReenviados() throws Exception {
        LojaDeTeste loja = TesteDeApi.novaLoja(a.http());
        Integracao gestor = new Integracao(loja.id(), "gestor", 0, 0);
        Webhook webhook = webhook(gestor, "pedido.criado");
        String produto = produto(gestor, "{\"nome\":\"Café\",\"preco\":7}");
        List<Integracao> vendas = List.of(new Integracao(loja.id(), "vendas-1", 0, 0),
                new Integracao(loja.id(), "vendas-2", 1, 0));
        List<Resposta> criados = emParalelo(PEDIDOS_ANTES, 8, i -> {
            Integracao vendedor = vendas.get(i % 2);
            return no(i).http().post("/v1/pedidos").token(vendedor.token()).json(pedidoDe(produto)).enviar();
        });
        assertThat(criados).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
        Set<String> antes = criados.stream().map(r -> r.texto("id")).collect(Collectors.toSet());
        receptor.aguardar(webhook.caminho(), PEDIDOS_ANTES, ESPERA);
        for (No no : List.of(a, b)) {
            assertThat(todosOsPedidos(no, gestor)).as("pedidos no nó %s", no.nome()).isEqualTo(antes);
        }

        Resposta iniciado = a.http().post("/admin/projecoes/" + PROJECAO + "/replay").token(ADMIN).enviar();
        // B's request comes within milliseconds; the rebuild is checked for its end only every half second
        assertThat(iniciado.status()).as(iniciado.toString()).isEqualTo(202);
        assertThat(iniciado.texto("nome")).isEqualTo(PROJECAO);
        assertThat(iniciado.texto("estado")).isEqualTo("replaying");
        Resposta noOutro = b.http().post("/admin/projecoes/" + PROJECAO + "/replay").token(ADMIN).enviar();
        assertThat(noOutro.status()).as("o mesmo replay pelo nó B enquanto roda: %s", noOutro).isEqualTo(409);

        AtomicBoolean fim = new AtomicBoolean();
        Map<String, Integer> leiturasPorNo = new ConcurrentHashMap<>();
        List<String> falhas = new CopyOnWriteArrayList<>();
        List<Resposta> escritosDurante = new CopyOnWriteArrayList<>();
        List<String> estadosVistos = new CopyOnWriteArrayList<>();
        List<String> idsAntes = List.copyOf(antes);
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> tarefas = new ArrayList<>();
            for (int leitor = 0; leitor < 2; leitor++) {
                Integracao integracao = new Integracao(loja.id(), "leitor-" + leitor, leitor, 150);
                tarefas.add(threads.submit(() -> lerDuranteAReconstrucao(integracao, idsAntes, fim, leiturasPorNo,
                        falhas)));
            }
            Integracao escritor = new Integracao(loja.id(), "escritor", 0, 0);
            tarefas.add(threads.submit(() -> {
                do {
                    escritosDurante.add(escritor.post(escritor.proximo(), "/v1/pedidos", pedidoDe(produto)));
                    pausar(100);
                } while (escritosDurante.size() < PEDIDOS_DURANTE && !fim.get());
                return null;
            }));

            JsonNode concluido = aguardarReconstrucao(gestor, estadosVistos);
            fim.set(true);
            for (Future<?> tarefa : tarefas) {
                tarefa.get();
            }
            assertThat(concluido.get("reconstrucao").get("eventos").asLong()).isGreaterThanOrEqualTo(PEDIDOS_ANTES);
            assertThat(concluido.get("reconstrucao").get("concluidaEm").isNull()).isFalse();
        } finally {
            fim.set(true);
            threads.shutdownNow();
        }

        assertThat(falhas).as("leituras falhas durante a reconstrução").isEmpty();
        assertThat(leiturasPorNo).as("leituras durante a reconstrução, por nó").containsOnlyKeys("A", "B");
        assertThat(estadosVistos).as("estado de " + PROJECAO + " durante a reconstrução").isNotEmpty()
                                 .allSatisfy(e -> assertThat(e).isIn("replaying", "running", "stopped"));
        assertThat(escritosDurante).as("pedidos gravados durante a reconstrução").isNotEmpty()
                .allSatisfy(r -> assertThat(r.status()).as(r.toString()).isIn(201, 202));
        Integracao conferente = new Integracao(loja.id(), "conferente", 0, 150);
        Set<String> depois = new HashSet<>(antes);
        escritosDurante.forEach(r -> depois.add(r.texto("id")));
        assertThat(depois).hasSize(PEDIDOS_ANTES + escritosDurante.size());
        for (No no : List.of(a, b)) {
            assertThat(todosOsPedidos(no, conferente)).as("pedidos no nó %s depois da reconstrução", no.nome())
                                                      .isEqualTo(depois);
            for (String id : depois) {
                assertThat(conferente.get(no, "/v1/pedidos/" + id).status()).as("pedido %s no nó %s", id, no.nome())
                                                                         .isEqualTo(200);
            }
        }
        // Only the orders written meanwhile were announced; none from before was sent again.
        List<Recebido> recebidos = entregasEstaveis(loja, webhook, depois.size());
        assertThat(recebidos.stream().map(r -> dados(r).get("id").asText()).toList())
                .containsExactlyInAnyOrderElementsOf(depois);

        assertThat(b.http().post("/admin/projecoes/nao-existe/replay").token(ADMIN).enviar().status()).isEqualTo(404);
        assertThat(a.http().post("/admin/projecoes/entrega-webhook-saga/replay").token(ADMIN).enviar().status())
                .as("uma saga não se reconstrói").isEqualTo(409);
    }

    /** Reads every order that existed before, in lists and one by one, on both nodes in turn, until told to stop. */
    private Void lerDuranteAReconstrucao(Integracao leitor, List<String> antes, AtomicBoolean fim,
                                         Map<String, Integer> porNo, List<String> falhas) {
        while (!fim.get()) {
            No no = leitor.proximo();
            Set<String> listados = new HashSet<>();
            int pagina = 1;
            int paginas = 1;
            while (pagina <= paginas) {
                Resposta lista = leitor.get(no, "/v1/pedidos?limite=100&page=" + pagina);
                if (lista.status() != 200) {
                    falhas.add(no.nome() + " lista: " + lista);
                    break;
                }
                lista.json().get("pedidos").forEach(p -> listados.add(p.get("id").asText()));
                paginas = lista.json().get("paginacao").get("totalPaginas").asInt();
                pagina++;
            }
            if (!listados.containsAll(antes)) {
                Set<String> faltam = new LinkedHashSet<>(antes);
                faltam.removeAll(listados);
                falhas.add(no.nome() + " lista sem " + faltam.size() + " pedidos de antes, como "
                        + faltam.iterator().next());
            }
            String id = antes.get(ThreadLocalRandom.current().nextInt(antes.size()));
            No outro = leitor.proximo();
            Resposta pedido = leitor.get(outro, "/v1/pedidos/" + id);
            if (pedido.status() != 200 || !id.equals(pedido.texto("id"))) {
                falhas.add(outro.nome() + " pedido " + id + ": " + pedido);
            }
            porNo.merge(no.nome(), 1, Integer::sum);
            porNo.merge(outro.nome(), 1, Integer::sum);
            pausar(50);
        }
        return null;
    }

    /**
     * Polls both nodes in turn until each shows the rebuild over (its {@code reconstrucao} concluded and its own
     * processor running again); every reading on the way must be one the contract allows. The last reading of A.
     */
    private JsonNode aguardarReconstrucao(Integracao gestor, List<String> estados) {
        Map<String, JsonNode> concluidos = new HashMap<>();
        long prazo = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < prazo) {
            No no = gestor.proximo();
            JsonNode projecao = projecao(no, PROJECAO);
            String estado = projecao.get("estado").asText();
            estados.add(estado);
            assertThat(estado).as("estado de %s no nó %s", PROJECAO, no.nome()).isNotEqualTo("error");
            if (estado.equals("replaying")) {
                assertThat(projecao.get("progressoReplay").asDouble()).isBetween(0.0, 1.0);
            }
            JsonNode reconstrucao = projecao.get("reconstrucao");
            assertThat(reconstrucao == null || reconstrucao.isNull()).as("reconstrucao de %s no nó %s", PROJECAO,
                    no.nome()).isFalse();
            assertThat(reconstrucao.get("estado").asText()).isIn("reconstruindo", "concluida");
            if (reconstrucao.get("estado").asText().equals("concluida") && estado.equals("running")) {
                concluidos.put(no.nome(), projecao);
            } else {
                concluidos.remove(no.nome());
            }
            if (concluidos.size() == 2) {
                return concluidos.get("A");
            }
            pausar(100);
        }
        return fail("a reconstrução de " + PROJECAO + " não terminou nos dois nós em 90 s");
    }

    private static JsonNode projecao(No no, String nome) {
        Resposta resposta = no.http().get("/admin/projecoes").token(ADMIN).enviar();
        assertThat(resposta.status()).as("nó %s: %s", no.nome(), resposta).isEqualTo(200);
        for (JsonNode p : resposta.json().get("projecoes")) {
            if (p.get("nome").asText().equals(nome)) {
                return p;
            }
        }
        return fail(nome + " não está em GET /admin/projecoes do nó " + no.nome());
    }

    private static Set<String> todosOsPedidos(No no, Integracao api) {
        Set<String> ids = new HashSet<>();
        int pagina = 1;
        int paginas = 1;
        while (pagina <= paginas) {
            JsonNode lista = ler(no, api, "/v1/pedidos?limite=100&page=" + pagina);
            lista.get("pedidos").forEach(p -> ids.add(p.get("id").asText()));
            paginas = lista.get("paginacao").get("totalPaginas").asInt();
            pagina++;
        }
        return ids;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Webhooks

    private record Webhook(String id, String caminho) {
    }

    private static Webhook webhook(Integracao api, String... eventos) {
        String caminho = "/dois-nos/" + api.lojaId();
        String lista = Arrays.stream(eventos).map(e -> "\"" + e + "\"").collect(Collectors.joining(","));
        Resposta criado = api.post(api.proximo(), "/v1/webhooks", "{\"nome\":\"Receptor\",\"url\":\""
                + receptor.url(caminho) + "\",\"eventos\":[" + lista + "]}");
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return new Webhook(criado.texto("id"), caminho);
    }

    /**
     * Waits for {@code esperadas} deliveries and for the operator's log to show each as one successful first attempt,
     * then watches the receiver for longer than a retry delay and a send-queue poll (1 s each here), so that a late
     * duplicate would be seen. Checks that no attempt came twice and returns what was received.
     */
    private static List<Recebido> entregasEstaveis(LojaDeTeste loja, Webhook webhook, int esperadas) {
        receptor.aguardar(webhook.caminho(), esperadas, ESPERA);
        List<JsonNode> tentativas = new ArrayList<>();
        aguardar(() -> {
            tentativas.clear();
            tentativas.addAll(registroDeEntregas(loja, webhook));
            return tentativas.size() >= esperadas && tentativas.stream().allMatch(t -> t.get("sucesso").asBoolean());
        }, "o registro de entregas mostrar " + esperadas + " tentativas bem-sucedidas");
        assertThat(tentativas).as("tentativas registradas").hasSize(esperadas)
                              .allSatisfy(t -> assertThat(t.get("tentativa").asInt()).as(t.toString()).isEqualTo(1));
        long fimDaObservacao = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        while (System.nanoTime() < fimDaObservacao) {
            assertThat(receptor.recebidos(webhook.caminho())).as("entregas recebidas")
                                                             .hasSizeLessThanOrEqualTo(esperadas);
            pausar(100);
        }
        List<Recebido> recebidos = receptor.recebidos(webhook.caminho());
        assertThat(recebidos).as("entregas recebidas").hasSize(esperadas);
        Map<String, Long> porEntrega = recebidos.stream().collect(Collectors.groupingBy(
                r -> r.cabecalho("X-Service-Entrega"), Collectors.counting()));
        assertThat(porEntrega).as("entregas por X-Service-Entrega").hasSize(esperadas);
        assertThat(porEntrega.values()).as("cada entrega recebida uma vez").containsOnly(1L);
        assertThat(recebidos).extracting(r -> r.cabecalho("X-Service-Tentativa")).containsOnly("1");
        Set<String> idsRegistrados = new HashSet<>();
        tentativas.forEach(t -> idsRegistrados.add(t.get("id").asText()));
        assertThat(porEntrega.keySet()).as("recebidas são as registradas").isEqualTo(idsRegistrados);
        return recebidos;
    }

    /** Every attempt in the operator's log of the webhook, its pages read on both nodes in turn. */
    private static List<JsonNode> registroDeEntregas(LojaDeTeste loja, Webhook webhook) {
        String log = "/admin/lojas/" + loja.id() + "/webhooks/" + webhook.id() + "/entregas?limite=100&page=";
        List<JsonNode> tentativas = new ArrayList<>();
        int paginas = 1;
        for (int pagina = 1; pagina <= paginas; pagina++) {
            Resposta resposta = no(pagina).http().get(log + pagina).token(ADMIN).enviar();
            assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
            resposta.json().get("entregas").forEach(tentativas::add);
            paginas = resposta.json().get("paginacao").get("totalPaginas").asInt();
        }
        return tentativas;
    }

    private static List<Recebido> porEvento(List<Recebido> recebidos, String evento) {
        return recebidos.stream().filter(r -> evento.equals(r.cabecalho("X-Service-Event"))).toList();
    }

    private static JsonNode dados(Recebido recebido) {
        try {
            return JSON.readTree(recebido.corpo()).get("dados");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Clients

    /**
     * One integration of a store, as its client runs it: a token of its own, and each request to the next node in
     * turn, as a round-robin balancer would. With {@code renovarACada} above zero it takes a new token of the store
     * after that many requests (a poller that runs for as long as something lasts); otherwise it must stay within the
     * quota, and any 429 fails the test where it is asserted.
     */
    private static final class Integracao {

        private final String lojaId;
        private final String nome;
        private final int indice;
        private final int renovarACada;
        private String token;
        private String tokenId;
        private int vez;
        private int requisicoes;

        Integracao(String lojaId, String nome, int indice, int renovarACada) {
            this.lojaId = lojaId;
            this.nome = nome;
            this.indice = indice;
            this.renovarACada = renovarACada;
            this.vez = indice;
            novoToken();
        }

        /**
         * A token of its own, the previous one revoked: a store holds at most MAX_TOKENS_PER_STORE live tokens, so
         * an integration that renews its token to stay under the per-token quota gives the old one back.
         */
        private void novoToken() {
            Resposta criado = a.http().post("/admin/lojas/" + lojaId + "/tokens").token(TesteDeApi.ADMIN)
                               .json("{\"nome\":\"" + nome + "\"}").enviar();
            assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
            if (tokenId != null) {
                Resposta revogado = a.http().delete("/admin/lojas/" + lojaId + "/tokens/" + tokenId)
                                     .token(TesteDeApi.ADMIN).enviar();
                assertThat(revogado.status()).as(revogado.toString()).isEqualTo(200);
            }
            token = criado.texto("token");
            tokenId = criado.texto("id");
        }

        String lojaId() {
            return lojaId;
        }

        String nome() {
            return nome;
        }

        int indice() {
            return indice;
        }

        String token() {
            return token;
        }

        No proximo() {
            return vez++ % 2 == 0 ? a : b;
        }

        Resposta get(No no, String caminho) {
            return enviar(no.http().get(caminho));
        }

        Resposta post(No no, String caminho, String json) {
            return enviar(no.http().post(caminho).json(json));
        }

        Resposta put(No no, String caminho, String json) {
            return enviar(no.http().put(caminho).json(json));
        }

        private Resposta enviar(ClienteHttp.Requisicao requisicao) {
            if (renovarACada > 0 && ++requisicoes % renovarACada == 0) {
                novoToken();
            }
            return requisicao.token(token).enviar();
        }
    }

    private static No no(int i) {
        return i % 2 == 0 ? a : b;
    }

    private static String produto(Integracao api, String json) {
        Resposta criado = api.post(api.proximo(), "/v1/produtos", json);
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private static BigDecimal estoque(No no, Integracao api, String produto) {
        return ler(no, api, "/v1/produtos/" + produto).get("quantidadeEstoque").decimalValue();
    }

    private static JsonNode ler(No no, Integracao api, String caminho) {
        Resposta resposta = api.get(no, caminho);
        assertThat(resposta.status()).as("%s no nó %s: %s", caminho, no.nome(), resposta).isEqualTo(200);
        return resposta.json();
    }

    private static Map<Integer, Long> porStatus(List<Resposta> respostas) {
        return respostas.stream().collect(Collectors.groupingBy(Resposta::status, TreeMap::new, Collectors.counting()));
    }

    /** One field of each element of an array (not of the elements inside them, as findValues would). */
    private static List<String> campo(JsonNode elementos, String nome) {
        List<String> valores = new ArrayList<>();
        elementos.forEach(e -> valores.add(e.get(nome).asText()));
        return valores;
    }

    private static String pedidoDe(String produto) {
        return "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + produto
                + "\",\"quantidade\":1}]}";
    }

    /** {@code vezes} requests released together on {@code threads} threads; the answers in request order. */
    private static List<Resposta> emParalelo(int vezes, int threads, IntFunction<Resposta> requisicao)
            throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        CountDownLatch largada = new CountDownLatch(1);
        try {
            List<Future<Resposta>> futuros = new ArrayList<>();
            for (int i = 0; i < vezes; i++) {
                int indice = i;
                Callable<Resposta> tarefa = () -> {
                    largada.await();
                    return requisicao.apply(indice);
                };
                futuros.add(executor.submit(tarefa));
            }
            largada.countDown();
            List<Resposta> respostas = new ArrayList<>();
            for (Future<Resposta> futuro : futuros) {
                respostas.add(futuro.get());
            }
            return Collections.unmodifiableList(respostas);
        } finally {
            executor.shutdownNow();
        }
    }

    private static void aguardar(BooleanSupplier condicao, String descricao) {
        long prazo = System.nanoTime() + ESPERA.toNanos();
        while (System.nanoTime() < prazo) {
            if (condicao.getAsBoolean()) {
                return;
            }
            pausar(100);
        }
        assertThat(condicao.getAsBoolean()).as("esperava " + descricao).isTrue();
    }

    private static void pausar(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
