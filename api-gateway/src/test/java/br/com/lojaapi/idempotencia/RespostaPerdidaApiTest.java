package br.com.lojaapi.idempotencia;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.UUID;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A keyed write that was applied but whose response was lost (the node stopped between the commit and storing the
 * response) is not done again: the retry gets 409 naming the resource the write created or changed, with Location,
 * id and local, and a GET there shows it. Each test runs the write for real, so what it recorded in its own
 * transaction is what the 409 shows; only the stored response is then taken away, as a crash leaves the key.
 */
class RespostaPerdidaApiTest extends TesteDeApi {

    private static final String CPF = "390.533.447-05";

    @Autowired
    private JdbcTemplate jdbc;

    private LojaDeTeste loja;
    private String chave;

    @BeforeEach
    void lojaEChave() {
        loja = novaLoja();
        chave = UUID.randomUUID().toString();
    }

    @Test
    void pedidoCriadoCujaRespostaSePerdeuEApontadoPeloLocationDo409() {
        String cafe = produto("Café", null);
        Supplier<Resposta> criar = () -> comChave(api.post("/v1/pedidos")).json(pedido(cafe)).enviar();
        Resposta criado = criar.get();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);

        Resposta perdida = perderERepetir(criar);

        assertThat(perdida.cabecalho("Location")).isEqualTo(criado.cabecalho("Location"))
                                                 .isEqualTo("/v1/pedidos/" + criado.texto("id"));
        assertAponta(perdida, criado.texto("id"), "numero", criado.texto("numero"));
        assertThat(totalDePedidos()).as("nada foi feito de novo").isEqualTo(1);
    }

    @Test
    void alteracaoDePedidoApontaParaOPedidoDoCaminho() {
        String pedidoId = api.post("/v1/pedidos").token(loja.token()).json(pedido(produto("Chá", null))).enviar()
                             .texto("id");
        Supplier<Resposta> cancelar = () -> comChave(api.metodo("PATCH", "/v1/pedidos/" + pedidoId))
                .json("{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}").enviar();
        assertThat(cancelar.get().status()).isEqualTo(200);

        Resposta perdida = perderERepetir(cancelar);

        assertThat(perdida.cabecalho("Location")).isEqualTo("/v1/pedidos/" + pedidoId);
        assertAponta(perdida, pedidoId, "status", "CANCELADO");
    }

    @Test
    void categoriaCriadaPeloRecursoGenericoApontaParaElaENaoCriaOutra() {
        Supplier<Resposta> criar = () -> comChave(api.post("/v1/categorias")).json("{\"nome\":\"Bebidas\"}").enviar();
        Resposta criada = criar.get();
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);

        Resposta perdida = perderERepetir(criar);

        assertThat(perdida.cabecalho("Location")).isEqualTo(criada.cabecalho("Location"));
        assertAponta(perdida, criada.texto("id"), "nome", "Bebidas");
    }

    /** The upsert finds the customer by document: the resource is that customer, not the id proposed for a new one. */
    @Test
    void clienteAtualizadoPeloDocumentoApontaParaOClienteExistente() {
        Resposta existente = api.post("/v1/clientes").token(loja.token())
                                .json("{\"nome\":\"Ana\",\"documento\":\"" + CPF + "\"}").enviar();
        assertThat(existente.status()).as(existente.toString()).isEqualTo(201);
        Supplier<Resposta> atualizar = () -> comChave(api.post("/v1/clientes"))
                .json("{\"nome\":\"Ana Lúcia\",\"documento\":\"39053344705\"}").enviar();
        assertThat(atualizar.get().status()).isEqualTo(200);

        Resposta perdida = perderERepetir(atualizar);

        assertThat(perdida.cabecalho("Location")).isEqualTo("/v1/clientes/" + existente.texto("id"));
        assertAponta(perdida, existente.texto("id"), "nome", "Ana Lúcia");
    }

    /** A new product with a new category: the category's command comes first, the resource is the product. */
    @Test
    void produtoComCategoriaNovaApontaParaOProdutoENaoParaACategoria() {
        Supplier<Resposta> upsert = () -> comChave(api.post("/v1/produtos")).json("""
                {"nome":"Suco","preco":7,"codIntegracao":4411,"upsert":true,"categoria":"Sucos"}""").enviar();
        Resposta criado = upsert.get();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        assertThat(criado.texto("categoriaId")).isNotNull();

        Resposta perdida = perderERepetir(upsert);

        assertThat(perdida.cabecalho("Location")).isEqualTo("/v1/produtos/" + criado.texto("id"));
        assertAponta(perdida, criado.texto("id"), "nome", "Suco");
    }

    /** A label with a tracking code sets it on the order, after the label: the resource is still the label. */
    @Test
    void etiquetaComRastreioApontaParaAEtiquetaENaoParaOPedido() {
        String pedidoId = api.post("/v1/pedidos").token(loja.token()).json(pedido(produto("Mel", null))).enviar()
                             .texto("id");
        String etiquetas = "/v1/pedidos/" + pedidoId + "/etiquetas";
        Supplier<Resposta> enviar = () -> comChave(api.post(etiquetas))
                .json("{\"zpl\":\"^XA^FDrastreio^FS^XZ\",\"codigoRastreio\":\"BR123\"}").enviar();
        Resposta enviada = enviar.get();
        assertThat(enviada.status()).as(enviada.toString()).isEqualTo(201);
        assertThat(api.get("/v1/pedidos/" + pedidoId).token(loja.token()).enviar().texto("codigoRastreio"))
                .as("o pedido mudou junto").isEqualTo("BR123");

        Resposta perdida = perderERepetir(enviar);

        assertThat(perdida.cabecalho("Location")).isEqualTo(enviada.cabecalho("Location"))
                                                 .isEqualTo(etiquetas + "/" + enviada.texto("id"));
        assertAponta(perdida, enviada.texto("id"), "codigoRastreio", "BR123");
    }

    @Test
    void variacaoCriadaApontaParaAVariacao() {
        String produto = produto("Camiseta", null);
        Supplier<Resposta> criar = () -> comChave(api.post("/v1/produtos/" + produto + "/variacoes"))
                .json("{\"nome\":\"Tamanho\",\"valor1\":\"M\"}").enviar();
        Resposta criada = criar.get();
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);

        Resposta perdida = perderERepetir(criar);

        assertThat(perdida.cabecalho("Location")).isEqualTo(criada.cabecalho("Location"))
                                                 .isEqualTo("/v1/variacoes/" + criada.texto("id"));
        assertAponta(perdida, criada.texto("id"), "valor1", "M");
    }

    /** A stock movement names its product by integration code: the product the command side found is the resource. */
    @Test
    void movimentoDeEstoqueApontaParaOProdutoMovimentado() {
        String produto = produto("Arroz", 9001L);
        Supplier<Resposta> entrada = () -> comChave(api.post("/v1/estoque"))
                .json("{\"codIntegracao\":9001,\"tipo\":\"ENTRADA\",\"quantidade\":3}").enviar();
        assertThat(entrada.get().status()).isEqualTo(200);

        Resposta perdida = perderERepetir(entrada);

        assertThat(perdida.cabecalho("Location")).isEqualTo("/v1/produtos/" + produto);
        assertAponta(perdida, produto, "nome", "Arroz");
    }

    /** A batch changes several resources, each named in the request: the 409 names none rather than one of them. */
    @Test
    void loteDeEstoqueNaoApontaUmRecursoSo() {
        String arroz = produto("Arroz", null);
        String feijao = produto("Feijão", null);
        Supplier<Resposta> lote = () -> comChave(api.post("/v1/estoque/lote")).json("""
                {"movimentos":[{"produtoId":"%s","tipo":"ENTRADA","quantidade":1},
                               {"produtoId":"%s","tipo":"ENTRADA","quantidade":2}]}""".formatted(arroz, feijao))
                .enviar();
        assertThat(lote.get().status()).isEqualTo(200);

        perderResposta();
        Resposta perdida = lote.get();

        assertThat(perdida.status()).as(perdida.toString()).isEqualTo(409);
        assertThat(perdida.texto("erro")).contains("se perdeu").contains("consulte os recursos");
        assertThat(perdida.cabecalho("Location")).isNull();
        assertThat(perdida.json().has("id")).isFalse();
    }

    /** Takes the stored response away, as a node that died after the commit leaves the key, and retries. */
    private Resposta perderERepetir(Supplier<Resposta> requisicao) {
        perderResposta();
        Resposta perdida = requisicao.get();
        assertThat(perdida.status()).as(perdida.toString()).isEqualTo(409);
        assertThat(perdida.cabecalho("Idempotent-Replayed")).isNull();
        assertThat(perdida.texto("erro")).contains("se perdeu");
        return perdida;
    }

    private void perderResposta() {
        assertThat(jdbc.update("""
                UPDATE idempotencia SET estado = 'em_andamento', status = NULL, cabecalhos = NULL, corpo = NULL,
                       criada_em = now() - interval '1 hour'
                 WHERE loja_id = ? AND chave = ? AND efetivada""", loja.id(), chave))
                .as("a requisição foi aplicada e marcou a chave").isEqualTo(1);
    }

    /** The 409 names {@code id} in its body and Location, and a GET of the Location shows that resource. */
    private void assertAponta(Resposta perdida, String id, String campo, String valor) {
        String local = perdida.cabecalho("Location");
        assertThat(perdida.texto("id")).isEqualTo(id);
        assertThat(perdida.texto("local")).isEqualTo(local);
        assertThat(perdida.texto("erro")).contains(id).contains(local);
        Resposta lido = api.get(local).token(loja.token()).enviar();
        assertThat(lido.status()).as(lido.toString()).isEqualTo(200);
        assertThat(lido.texto("id")).isEqualTo(id);
        assertThat(lido.json().get(campo).asText()).isEqualTo(valor);
    }

    private ClienteHttp.Requisicao comChave(ClienteHttp.Requisicao requisicao) {
        return requisicao.token(loja.token()).cabecalho("Idempotency-Key", chave);
    }

    private String produto(String nome, Long codIntegracao) {
        Resposta criado = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"" + nome
                + "\",\"preco\":10,\"controlaEstoque\":true,\"quantidadeEstoque\":10"
                + (codIntegracao == null ? "" : ",\"codIntegracao\":" + codIntegracao) + "}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private static String pedido(String produtoId) {
        return "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + produtoId
                + "\",\"quantidade\":1}]}";
    }

    private long totalDePedidos() {
        return api.get("/v1/pedidos").token(loja.token()).enviar().json().get("paginacao").get("total").asLong();
    }
}
