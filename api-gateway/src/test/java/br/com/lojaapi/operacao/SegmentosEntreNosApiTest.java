package br.com.lojaapi.operacao;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.NoEmOutroProcesso;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.SegmentosDosNos;
import br.com.lojaapi.apoio.Resposta;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every running node takes part in event processing: the segments of each multi-segment processor are shared, as
 * {@code GET /admin/projecoes} shows on either node, and both nodes' writes are projected and announced. A node
 * killed with SIGKILL (a JVM of its own, so that nothing of it runs on: no shutdown, no released claim, no last
 * heartbeat) has its segments taken over by the survivor within 10 s, with nothing lost; a node that stops releases
 * its segments at once. On a database of its own: another test's node on the shared one would take a share too.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SegmentosEntreNosApiTest {

    private static final Logger LOG = LoggerFactory.getLogger(SegmentosEntreNosApiTest.class);
    private static final String ADMIN = TesteDeApi.ADMIN;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The requirement: a dead node's segments are held by the others within this. */
    private static final Duration TOMADA_MAXIMA = Duration.ofSeconds(10);
    private static final Duration ESPERA = Duration.ofSeconds(60);
    private static final Map<String, Object> CONFIGURACAO = Map.of(
            "loja.limite.por-minuto", 1_000_000, "loja.limite.escritas-por-minuto", 1_000_000);

    private static UrlDoBanco banco;
    private static OutroNo a;
    private static ReceptorDeWebhooks receptor;

    @BeforeAll
    static void iniciar() {
        banco = BancoDeTestes.url("segmentos_entre_nos");
        a = OutroNo.iniciar(banco, comNome("a"));
        receptor = new ReceptorDeWebhooks();
    }

    @AfterAll
    static void parar() {
        if (receptor != null) {
            receptor.close();
        }
        if (a != null) {
            a.close();
        }
    }

    @Test
    @Order(1)
    void osNosDividemOsSegmentosEOsDeUmNoMortoPassamAoOutroEmDezSegundosSemPerderNada() throws Exception {
        NoEmOutroProcesso b = NoEmOutroProcesso.iniciar("segmentos-b", banco, comNome("b"));
        try {
            b.aguardarPronto();
            ClienteHttp clienteA = a.cliente();
            ClienteHttp clienteB = b.cliente();
            String idA = SegmentosDosNos.id(clienteA);
            String idB = SegmentosDosNos.id(clienteB);
            assertThat(idA).startsWith("a/").isNotEqualTo(idB);
            assertThat(idB).startsWith("b/");

            // 1. Each node holds one of the two segments of every processor, whichever node is asked.
            SegmentosDosNos.aguardarDivisao(List.of(clienteA, clienteB));
            assertThat(SegmentosDosNos.divididos(clienteB, List.of(idA, idB))).as("a divisão vista pelo nó B: %s",
                    SegmentosDosNos.donos(clienteB)).isTrue();
            List<String> vivos = new ArrayList<>();
            projecoes(clienteB).get("nos").forEach(n -> vivos.add(n.get("id").asText()));
            assertThat(vivos).as("nós em execução").containsExactlyInAnyOrder(idA, idB);
            LOG.info("Segmentos divididos: {}", SegmentosDosNos.donos(clienteA));

            // 2. Orders written through both nodes are projected (listed on both) and announced at least once.
            LojaDeTeste loja = TesteDeApi.novaLoja(clienteA);
            String caminho = webhook(clienteA, loja);
            String produto = clienteA.post("/v1/produtos").token(loja.token())
                                     .json("{\"nome\":\"Pão\",\"preco\":3}").enviar().texto("id");
            Set<String> pedidos = new HashSet<>();
            for (int i = 0; i < 30; i++) {
                pedidos.add(pedido(i % 2 == 0 ? clienteA : clienteB, loja, produto));
            }
            for (ClienteHttp no : List.of(clienteA, clienteB)) {
                aguardarPedidos(no, loja, pedidos);
            }
            aguardarEntregas(caminho, pedidos);

            // 3. B dies while A writes. A takes B's segments once their claims lapse.
            Map<String, String> antes = SegmentosDosNos.donos(clienteA);
            assertThat(antes).as("B tem segmentos antes de morrer").containsValue(idB);
            AtomicBoolean fim = new AtomicBoolean();
            List<String> categorias = new CopyOnWriteArrayList<>();
            List<Resposta> escritasDurante = new CopyOnWriteArrayList<>();
            ExecutorService escritor = Executors.newSingleThreadExecutor();
            Future<?> escrevendo = escritor.submit(() -> {
                for (int i = 0; !fim.get(); i++) {
                    Resposta criada = clienteA.post("/v1/categorias").token(loja.token())
                                              .json("{\"nome\":\"Durante " + i + "\"}").enviar();
                    escritasDurante.add(criada);
                    if (criada.status() == 201 || criada.status() == 202) {
                        categorias.add("Durante " + i);
                    }
                    pausar(50);
                }
                return null;
            });
            Duration tomada;
            try {
                pausar(500);
                long morte = System.nanoTime();
                b.matar();
                aguardarTomada(clienteA, idA, morte);
                tomada = Duration.ofNanos(System.nanoTime() - morte);
            } finally {
                fim.set(true);
                escrevendo.get();
                escritor.shutdown();
            }
            LOG.info("Segmentos de B com A {} ms depois do kill -9 (antes: {}; depois: {})", tomada.toMillis(),
                     antes, SegmentosDosNos.donos(clienteA));
            assertThat(tomada).as("tempo até A ter os segmentos de B").isLessThan(TOMADA_MAXIMA);
            assertThat(escritasDurante).isNotEmpty()
                                       .allSatisfy(r -> assertThat(r.status()).as(r.toString()).isIn(201, 202));

            // 4. Nothing lost: what was written meanwhile and afterwards is projected and announced.
            for (int i = 0; i < 10; i++) {
                pedidos.add(pedido(clienteA, loja, produto));
            }
            aguardarPedidos(clienteA, loja, pedidos);
            aguardarEntregas(caminho, pedidos);
            aguardar("as categorias escritas durante a morte de B listadas", () -> {
                Resposta lista = clienteA.get("/v1/categorias").token(loja.token()).enviar();
                Set<String> nomes = new HashSet<>();
                lista.json().forEach(c -> nomes.add(c.get("nome").asText()));
                return nomes.containsAll(categorias);
            });
        } finally {
            b.close();
        }
    }

    @Test
    @Order(2)
    void umNoQueParaLiberaSeusSegmentosNaHoraEOOutroOsAssume() {
        ClienteHttp clienteA = a.cliente();
        String idA = SegmentosDosNos.id(clienteA);
        String idC;
        try (OutroNo c = OutroNo.iniciar(banco, comNome("c"))) {
            idC = SegmentosDosNos.id(c.cliente());
            SegmentosDosNos.aguardarDivisao(List.of(clienteA, c.cliente()));
        }
        // Axon releases the claims while the application closes, before close() returns
        assertThat(SegmentosDosNos.donos(clienteA)).as("segmentos depois de C parar").doesNotContainValue(idC);
        long parada = System.nanoTime();
        aguardarTomada(clienteA, idA, parada);
        LOG.info("Segmentos de C com A {} ms depois de C parar", (System.nanoTime() - parada) / 1_000_000);
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static Map<String, Object> comNome(String nome) {
        Map<String, Object> propriedades = new HashMap<>(CONFIGURACAO);
        propriedades.put("loja.nos.nome", nome);
        return propriedades;
    }

    private static JsonNode projecoes(ClienteHttp no) {
        Resposta resposta = no.get("/admin/projecoes").token(ADMIN).enviar();
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
        return resposta.json();
    }

    /** Polls until the node holds every segment; fails if that took {@link #TOMADA_MAXIMA} since {@code desde}. */
    private static void aguardarTomada(ClienteHttp no, String id, long desde) {
        long prazo = desde + TOMADA_MAXIMA.toNanos();
        Map<String, String> donos = SegmentosDosNos.donos(no);
        while (!new HashSet<>(donos.values()).equals(Set.of(id))) {
            if (System.nanoTime() > prazo) {
                fail("depois de " + TOMADA_MAXIMA + " os segmentos ainda estavam assim: " + donos);
            }
            pausar(100);
            donos = SegmentosDosNos.donos(no);
        }
    }

    private static String webhook(ClienteHttp no, LojaDeTeste loja) {
        String caminho = "/segmentos/" + loja.id();
        Resposta criado = no.post("/v1/webhooks").token(loja.token()).json("{\"nome\":\"Receptor\",\"url\":\""
                + receptor.url(caminho) + "\",\"eventos\":[\"pedido.criado\"]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return caminho;
    }

    private static String pedido(ClienteHttp no, LojaDeTeste loja, String produto) {
        Resposta criado = no.post("/v1/pedidos").token(loja.token()).json(
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + produto
                + "\",\"quantidade\":1}]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isIn(201, 202);
        return criado.texto("id");
    }

    /** An order answered 202 (its read model took longer than the write's wait) is listed a little later. */
    private static void aguardarPedidos(ClienteHttp no, LojaDeTeste loja, Set<String> pedidos) {
        long prazo = System.nanoTime() + ESPERA.toNanos();
        Set<String> listados = todosOsPedidos(no, loja);
        while (!listados.equals(pedidos) && System.nanoTime() < prazo) {
            pausar(200);
            listados = todosOsPedidos(no, loja);
        }
        assertThat(listados).as("pedidos listados").isEqualTo(pedidos);
    }

    private static Set<String> todosOsPedidos(ClienteHttp no, LojaDeTeste loja) {
        Set<String> ids = new HashSet<>();
        int paginas = 1;
        for (int pagina = 1; pagina <= paginas; pagina++) {
            Resposta lista = no.get("/v1/pedidos?limite=100&page=" + pagina).token(loja.token()).enviar();
            assertThat(lista.status()).as(lista.toString()).isEqualTo(200);
            lista.json().get("pedidos").forEach(p -> ids.add(p.get("id").asText()));
            paginas = lista.json().get("paginacao").get("totalPaginas").asInt();
        }
        return ids;
    }

    /** Every order announced at least once (a delivery may come twice: at least once is the contract). */
    private static void aguardarEntregas(String caminho, Set<String> pedidos) {
        receptor.aguardar(caminho, recebidos -> anunciados(recebidos).containsAll(pedidos), ESPERA,
                "esperava um pedido.criado de cada um dos " + pedidos.size() + " pedidos");
        assertThat(anunciados(receptor.recebidos(caminho))).as("pedidos anunciados").isEqualTo(pedidos);
    }

    private static Set<String> anunciados(List<ReceptorDeWebhooks.Recebido> recebidos) {
        Set<String> ids = new HashSet<>();
        for (ReceptorDeWebhooks.Recebido recebido : recebidos) {
            try {
                ids.add(JSON.readTree(recebido.corpo()).get("dados").get("id").asText());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return ids;
    }

    private static void aguardar(String descricao, BooleanSupplier condicao) {
        long prazo = System.nanoTime() + ESPERA.toNanos();
        while (!condicao.getAsBoolean()) {
            if (System.nanoTime() > prazo) {
                fail("esperava " + descricao);
            }
            pausar(200);
        }
    }

    private static void pausar(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
