package br.com.lojaapi.cliente;

import br.com.lojaapi.cliente.api.CategoriasApi;
import br.com.lojaapi.cliente.api.EventosApi;
import br.com.lojaapi.cliente.api.NotasFiscaisApi;
import br.com.lojaapi.cliente.api.PedidosApi;
import br.com.lojaapi.cliente.api.ProdutosApi;
import br.com.lojaapi.cliente.modelo.AlteracaoDePedido;
import br.com.lojaapi.cliente.modelo.Categoria;
import br.com.lojaapi.cliente.modelo.ClienteDoNovoPedido;
import br.com.lojaapi.cliente.modelo.CorpoDeProduto;
import br.com.lojaapi.cliente.modelo.EventoDoFeed;
import br.com.lojaapi.cliente.modelo.EventoDoFeedPedidoCriado;
import br.com.lojaapi.cliente.modelo.ItemDoNovoPedido;
import br.com.lojaapi.cliente.modelo.ListaDePedidos;
import br.com.lojaapi.cliente.modelo.NotaFiscal;
import br.com.lojaapi.cliente.modelo.NovaCategoria;
import br.com.lojaapi.cliente.modelo.NovoPedido;
import br.com.lojaapi.cliente.modelo.PaginaDeEventos;
import br.com.lojaapi.cliente.modelo.Pedido;
import br.com.lojaapi.cliente.modelo.PedidoNaLista;
import br.com.lojaapi.cliente.modelo.Produto;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * An integrator's first day, through the Java client generated from {@code docs/openapi.json} (the snapshot that
 * DescricaoPublicadaTest keeps equal to {@code /v1/openapi.json}), against the packaged application on its real
 * (embedded) PostgreSQL: category, product with stock, order, the plain and the sync list with its cursor, the
 * order confirmed, the stock read back, an invoice sent as multipart, and the event feed. Runs after api-gateway
 * built {@code store-api.jar} in the same reactor.
 */
class FluxoComOClienteGeradoTest {

    private static final String ADMIN = "token-de-operador-do-cliente-gerado";
    private static final Path JAR = Path.of("../../api-gateway/target/store-api.jar").toAbsolutePath().normalize();
    private static final Path EXEMPLOS = Path.of("../../docs/exemplos").toAbsolutePath().normalize();

    private static Process servico;
    private static Path trabalho;
    private static String base;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void iniciar() throws Exception {
        assertThat(JAR).as("o jar do api-gateway (mvn package no mesmo reactor)").isRegularFile();
        trabalho = Files.createTempDirectory("loja-cliente-gerado");
        int porta;
        try (ServerSocket socket = new ServerSocket(0)) {
            porta = socket.getLocalPort();
        }
        base = "http://localhost:" + porta;
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder processo = new ProcessBuilder(java, "-jar", JAR.toString()).directory(trabalho.toFile())
                .redirectErrorStream(true).redirectOutput(trabalho.resolve("app.log").toFile());
        processo.environment().remove("DATABASE_URL");
        processo.environment().remove("S3_ENDPOINT");
        processo.environment().put("SERVER_PORT", Integer.toString(porta));
        processo.environment().put("ADMIN_TOKEN", ADMIN);
        servico = processo.start();
        Instant limite = Instant.now().plus(Duration.ofMinutes(4));
        while (true) {
            if (!servico.isAlive()) {
                fail("a aplicação saiu durante o início:\n" + Files.readString(trabalho.resolve("app.log")));
            }
            try {
                if (HTTP.send(HttpRequest.newBuilder(URI.create(base + "/actuator/health")).build(),
                        HttpResponse.BodyHandlers.ofString()).body().contains("\"UP\"")) {
                    return;
                }
            } catch (IOException aindaNao) {
                // not listening yet
            }
            if (Instant.now().isAfter(limite)) {
                fail("a aplicação não ficou saudável a tempo");
            }
            Thread.sleep(500);
        }
    }

    @AfterAll
    static void encerrar() throws Exception {
        if (servico != null) {
            servico.destroy();
            if (!servico.waitFor(60, TimeUnit.SECONDS)) {
                servico.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
        if (trabalho != null) {
            try (var caminhos = Files.walk(trabalho)) {
                caminhos.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void umDiaDeIntegracaoPeloClienteGerado() throws Exception {
        ApiClient cliente = new ApiClient();
        cliente.updateBaseUri(base + "/v1");
        String token = tokenDeUmaLojaNova();
        cliente.setRequestInterceptor(pedido -> pedido.header("Authorization", "Bearer " + token));
        ProdutosApi produtos = new ProdutosApi(cliente);
        PedidosApi pedidos = new PedidosApi(cliente);

        Categoria categoria = new CategoriasApi(cliente).criarCategoria(new NovaCategoria().nome("Mercearia"), null);
        Produto cafe = produtos.criarProduto(new CorpoDeProduto().nome("Café 500 g").preco(new BigDecimal("24.90"))
                .categoriaId(categoria.getId()).controlaEstoque(true).quantidadeEstoque(new BigDecimal("10")), null);
        assertThat(cafe.getCategoria().getNome()).isEqualTo("Mercearia");
        assertThat(cafe.getQuantidadeEstoque()).isEqualByComparingTo("10");
        assertThat(cafe.getSku()).as("um campo anulável vem nulo sem erro do cliente").isNull();

        OffsetDateTime antes = OffsetDateTime.now().minusMinutes(1);
        Pedido pedido = pedidos.criarPedido(new NovoPedido().tipoEntrega(NovoPedido.TipoEntregaEnum.BALCAO)
                .cliente(new ClienteDoNovoPedido().nome("Ana Souza"))
                .itens(List.of(new ItemDoNovoPedido().produtoId(cafe.getId()).quantidade(new BigDecimal("2")))),
                UUID.randomUUID().toString());
        assertThat(pedido.getStatus().getValue()).isEqualTo("PENDENTE");
        assertThat(pedido.getTotal()).isEqualByComparingTo("49.80");

        ListaDePedidos pagina = pedidos.listarPedidos(null, null, null, 1, 10, null, null, null);
        assertThat(pagina.getPaginacao().getTotal()).isEqualTo(1);
        assertThat(pagina.getPedidos()).extracting(PedidoNaLista::getId).containsExactly(pedido.getId());
        assertThat(pagina.getCursor()).as("a lista comum não tem cursor").isNull();

        List<String> sincronizados = new ArrayList<>();
        ListaDePedidos sincronia = sincronizar(pedidos, antes, sincronizados);
        assertThat(sincronia.getCursor()).isNotBlank();
        assertThat(sincronia.getPaginacao()).as("a sincronia não pagina por número").isNull();
        assertThat(sincronizados).containsExactly(pedido.getId());
        ListaDePedidos seguinte = pedidos.listarPedidos(null, null, null, null, 10, null, sincronia.getCursor(), null);
        assertThat(seguinte.getPedidos()).isEmpty();
        assertThat(seguinte.getTemMais()).isFalse();

        Pedido confirmado = pedidos.alterarPedido(pedido.getId(),
                new AlteracaoDePedido().status(AlteracaoDePedido.StatusEnum.CONFIRMADO), null, null);
        assertThat(confirmado.getStatus().getValue()).isEqualTo("CONFIRMADO");
        assertThat(produtos.lerProduto(cafe.getId(), null).getQuantidadeEstoque())
                .as("o estoque foi tomado uma vez, na criação").isEqualByComparingTo("8");

        File xml = EXEMPLOS.resolve("nfe-autorizada.xml").toFile();
        File pdf = EXEMPLOS.resolve("danfe.pdf").toFile();
        // the generated native client calls size() on a null list part: an empty fiscal_document, not null
        NotaFiscal nota = new NotasFiscaisApi(cliente).enviarNotaFiscal(pedido.getId(), null, xml, pdf, List.of(),
                null, null, null);
        assertThat(nota.getSituacao().getValue()).isEqualTo("AUTORIZADA");
        assertThat(nota.getTemXml()).isTrue();
        assertThat(nota.getTemPdf()).isTrue();
        assertThat(pedidos.lerPedido(pedido.getId(), null).getNotasFiscais()).hasSize(1);

        PaginaDeEventos feed = new EventosApi(cliente).listarEventos(null, null, 100, null);
        List<String> criados = new ArrayList<>();
        for (EventoDoFeed evento : feed.getEventos()) {
            if (evento.getActualInstance() instanceof EventoDoFeedPedidoCriado criado) {
                criados.add(criado.getDados().getId());
            }
        }
        assertThat(criados).containsExactly(pedido.getId());
        assertThat(feed.getCursor()).isNotBlank();
    }

    /** Pages of the sync list from {@code desde} until it lists something, as a poller would. */
    private static ListaDePedidos sincronizar(PedidosApi pedidos, OffsetDateTime desde, List<String> ids)
            throws Exception {
        Instant limite = Instant.now().plusSeconds(30);
        while (true) {
            ListaDePedidos pagina = pedidos.listarPedidos(null, null, null, null, 10, desde, null, null);
            pagina.getPedidos().forEach(p -> ids.add(p.getId()));
            if (!ids.isEmpty() || Instant.now().isAfter(limite)) {
                return pagina;
            }
            Thread.sleep(200);
        }
    }

    private static String tokenDeUmaLojaNova() throws Exception {
        String slug = "cliente-gerado-" + UUID.randomUUID().toString().substring(0, 8);
        String loja = admin("/admin/lojas", "{\"nome\":\"Loja do cliente gerado\",\"slug\":\"" + slug + "\"}");
        return campo(admin("/admin/lojas/" + campo(loja, "id") + "/tokens", "{\"nome\":\"erp\"}"), "token");
    }

    private static String admin(String caminho, String json) throws Exception {
        HttpResponse<String> resposta = HTTP.send(HttpRequest.newBuilder(URI.create(base + caminho))
                .header("Authorization", "Bearer " + ADMIN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(resposta.statusCode()).as(resposta.body()).isEqualTo(201);
        return resposta.body();
    }

    private static String campo(String json, String nome) {
        Matcher m = Pattern.compile("\"" + nome + "\":\"([^\"]+)\"").matcher(json);
        assertThat(m.find()).as(nome + " em " + json).isTrue();
        return m.group(1);
    }
}
