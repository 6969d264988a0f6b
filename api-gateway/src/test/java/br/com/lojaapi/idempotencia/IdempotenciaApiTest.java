package br.com.lojaapi.idempotencia;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.apoio.TravaConsultiva;
import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Idempotency-Key on POST and PATCH, as an integration hub that retries on timeouts sees it. */
class IdempotenciaApiTest extends TesteDeApi {

    private static final String ZPL = "^XA^FO50,50^A0N,30,30^FDCorreios^FS^XZ\n";

    @Autowired
    private MeterRegistry metricas;

    /** Each test orders coffee (10 in stock) in a store of its own, under a key of its own. */
    private LojaDeTeste loja;
    private String cafe;
    private String chave;

    @BeforeEach
    void lojaComCafe() {
        loja = novaLoja();
        cafe = produtoComEstoque(loja, "Café", "10");
        chave = novaChave();
    }

    @Test
    void pedidoRepetidoComAMesmaChaveDevolveAMesmaRespostaEBaixaOEstoqueUmaVez() {
        Resposta primeira = pedido(api, loja, chave, corpoDePedido(cafe, "2"));
        assertThat(primeira.status()).as(primeira.toString()).isEqualTo(201);
        assertThat(primeira.cabecalho("Idempotent-Replayed")).isNull();

        Resposta repetida = pedido(api, loja, chave, corpoDePedido(cafe, "2"));
        assertThat(repetida.status()).as(repetida.toString()).isEqualTo(201);
        assertThat(repetida.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repetida.corpo()).isEqualTo(primeira.corpo());
        assertThat(repetida.texto("numero")).isEqualTo(primeira.texto("numero"));
        assertThat(repetida.cabecalho("Location")).isEqualTo(primeira.cabecalho("Location"));
        assertThat(repetida.cabecalho("Content-Type")).isEqualTo(primeira.cabecalho("Content-Type"));
        assertThat(repetida.cabecalho("X-RateLimit-Limit")).isNotNull();

        // The same JSON re-serialised by the client (members in another order, other spacing) is the same request.
        Resposta reserializada = pedido(api, loja, chave, """
                { "itens" : [ { "quantidade" : 2, "produtoId" : "%s" } ],
                  "cliente" : { "nome" : "Ana" }, "tipoEntrega" : "BALCAO" }""".formatted(cafe));
        assertThat(reserializada.status()).as(reserializada.toString()).isEqualTo(201);
        assertThat(reserializada.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(reserializada.texto("id")).isEqualTo(primeira.texto("id"));

        assertThat(estoque(loja, cafe)).isEqualByComparingTo("8");
        assertThat(totalDePedidos(loja)).isEqualTo(1);
    }

    /** An operator reads in loja.idempotencia{resultado} what became of the requests that carried a key. */
    @Test
    void cadaRequisicaoComChaveEContadaPeloQueFoiFeitoDela() {
        double executadas = contagem("executada");
        double repetidas = contagem("repetida");
        double outras = contagem("outra_requisicao");

        assertThat(pedido(api, loja, chave, corpoDePedido(cafe, "1")).status()).isEqualTo(201);
        assertThat(pedido(api, loja, chave, corpoDePedido(cafe, "1")).status()).isEqualTo(201);
        assertThat(pedido(api, loja, chave, corpoDePedido(cafe, "2")).status()).isEqualTo(422);

        assertThat(contagem("executada")).isEqualTo(executadas + 1);
        assertThat(contagem("repetida")).isEqualTo(repetidas + 1);
        assertThat(contagem("outra_requisicao")).isEqualTo(outras + 1);
    }

    private double contagem(String resultado) {
        return metricas.get("loja.idempotencia").tag("resultado", resultado).counter().count();
    }

    @Test
    void mesmaChaveComOutroCorpoOuOutroEnderecoDa422ENadaAcontece() {
        assertThat(pedido(api, loja, chave, corpoDePedido(cafe, "1")).status()).isEqualTo(201);

        Resposta outroCorpo = pedido(api, loja, chave, corpoDePedido(cafe, "3"));
        assertThat(outroCorpo.status()).as(outroCorpo.toString()).isEqualTo(422);
        assertThat(outroCorpo.texto("erro")).contains("Idempotency-Key");
        assertThat(outroCorpo.cabecalho("Idempotent-Replayed")).isNull();

        Resposta outroEndereco = movimento(api, loja, chave, cafe, "1");
        assertThat(outroEndereco.status()).as(outroEndereco.toString()).isEqualTo(422);
        assertThat(outroEndereco.texto("erro")).contains("Idempotency-Key");

        assertThat(estoque(loja, cafe)).isEqualByComparingTo("9");
        assertThat(totalDePedidos(loja)).isEqualTo(1);
    }

    @Test
    void doisPedidosAoMesmoTempoComUmaChaveDaoUm201EUm409() throws Exception {
        String corpo = corpoDePedido(cafe, "1");

        List<Resposta> respostas;
        try (TravaConsultiva estoque = TravaConsultiva.doEstoque(cafe)) {
            respostas = estoque.enviarAoMesmoTempo(() -> pedido(api, loja, chave, corpo),
                    () -> pedido(api, loja, chave, corpo));
        }

        Resposta emAndamento = respostas.get(0);
        assertThat(emAndamento.status()).as(emAndamento.toString()).isEqualTo(409);
        assertThat(emAndamento.texto("erro")).contains("em andamento");
        assertThat(emAndamento.cabecalho("Retry-After")).isEqualTo("1");
        assertThat(respostas.get(1).status()).as(respostas.get(1).toString()).isEqualTo(201);
        Resposta depois = pedido(api, loja, chave, corpo);
        assertThat(depois.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(depois.texto("id")).isEqualTo(respostas.get(1).texto("id"));
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("9");
        assertThat(totalDePedidos(loja)).isEqualTo(1);
    }

    @Test
    void movimentoDeEstoqueRepetidoAconteceUmaVez() throws Exception {
        Resposta primeira = movimento(api, loja, chave, cafe, "3");
        assertThat(primeira.status()).as(primeira.toString()).isEqualTo(200);
        Resposta repetida = movimento(api, loja, chave, cafe, "3");
        assertThat(repetida.status()).isEqualTo(200);
        assertThat(repetida.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repetida.corpo()).isEqualTo(primeira.corpo());
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("7");

        Resposta outroCorpo = movimento(api, loja, chave, cafe, "4");
        assertThat(outroCorpo.status()).as(outroCorpo.toString()).isEqualTo(422);
        assertThat(outroCorpo.texto("erro")).isNotBlank();
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("7");

        String outraChave = novaChave();
        List<Resposta> respostas;
        try (TravaConsultiva estoque = TravaConsultiva.doEstoque(cafe)) {
            respostas = estoque.enviarAoMesmoTempo(() -> movimento(api, loja, outraChave, cafe, "1"),
                    () -> movimento(api, loja, outraChave, cafe, "1"));
        }
        assertThat(respostas.get(0).status()).as(respostas.get(0).toString()).isEqualTo(409);
        assertThat(respostas.get(1).status()).as(respostas.get(1).toString()).isEqualTo(200);
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("6");
    }

    @Test
    void alteracaoDePedidoComChaveTambemEIdempotente() throws Exception {
        String pedidoId = pedido(api, loja, null, corpoDePedido(cafe, "4")).texto("id");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("6");
        String cancelar = "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}";

        List<Resposta> respostas;
        try (TravaConsultiva trava = TravaConsultiva.doPedido(pedidoId)) {
            respostas = trava.enviarAoMesmoTempo(() -> patch(loja, pedidoId, chave, cancelar),
                    () -> patch(loja, pedidoId, chave, cancelar));
        }
        assertThat(respostas.get(0).status()).as(respostas.get(0).toString()).isEqualTo(409);
        Resposta cancelado = respostas.get(1);
        assertThat(cancelado.status()).as(cancelado.toString()).isEqualTo(200);
        assertThat(cancelado.texto("status")).isEqualTo("CANCELADO");

        Resposta repetido = patch(loja, pedidoId, chave, cancelar);
        assertThat(repetido.status()).isEqualTo(200);
        assertThat(repetido.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repetido.corpo()).isEqualTo(cancelado.corpo());
        assertThat(patch(loja, pedidoId, chave, "{\"status\":\"CONFIRMADO\"}").status()).isEqualTo(422);
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("10");
        Resposta lido = api.get("/v1/pedidos/" + pedidoId).token(loja.token()).enviar();
        assertThat(lido.texto("status")).isEqualTo("CANCELADO");
        assertThat(lido.json().get("versao")).isEqualTo(cancelado.json().get("versao"));
    }

    @Test
    void etiquetaEnviadaComoArquivoCruFuncionaERepeteSemCriarOutra() {
        String pedidoId = pedido(api, loja, null, corpoDePedido(cafe, "1")).texto("id");
        String caminho = "/v1/pedidos/" + pedidoId + "/etiquetas";

        Resposta primeira = api.post(caminho).token(loja.token()).cabecalho("Idempotency-Key", chave)
                               .corpo("text/plain", ZPL.getBytes(StandardCharsets.UTF_8)).enviar();
        assertThat(primeira.status()).as(primeira.toString()).isEqualTo(201);
        assertThat(primeira.texto("formato")).isEqualTo("ZPL");
        Resposta repetida = api.post(caminho).token(loja.token()).cabecalho("Idempotency-Key", chave)
                               .corpo("text/plain", ZPL.getBytes(StandardCharsets.UTF_8)).enviar();
        assertThat(repetida.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repetida.texto("id")).isEqualTo(primeira.texto("id"));
        Resposta lista = api.get(caminho).token(loja.token()).enviar();
        assertThat(lista.json().get("etiquetas")).hasSize(1);
    }

    @Test
    void chaveDe256CaracteresOuComEspacoDa400ENadaCria() {
        Resposta longa = pedido(api, loja, "k".repeat(256), corpoDePedido(cafe, "1"));
        assertThat(longa.status()).as(longa.toString()).isEqualTo(400);
        assertThat(longa.texto("erro")).contains("Idempotency-Key").contains("255");
        Resposta comEspaco = pedido(api, loja, "minha chave", corpoDePedido(cafe, "1"));
        assertThat(comEspaco.status()).isEqualTo(400);
        assertThat(totalDePedidos(loja)).isZero();

        Resposta limite = pedido(api, loja, "k".repeat(255), corpoDePedido(cafe, "1"));
        assertThat(limite.status()).as(limite.toString()).isEqualTo(201);
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("9");
    }

    @Test
    void corpoComMembroRepetidoNaoSeConfundeComOCorrigido() {
        // the API refuses a repeated member, so the corrected body is another request, not a retry of the 400
        Resposta repetido = comChave(api.post("/v1/categorias"), chave).token(loja.token())
                .json("{\"nome\":\"A\",\"nome\":\"B\"}").enviar();
        assertThat(repetido.status()).as(repetido.toString()).isEqualTo(400);
        Resposta corrigido = comChave(api.post("/v1/categorias"), chave).token(loja.token())
                .json("{\"nome\":\"B\"}").enviar();
        assertThat(corrigido.status()).as(corrigido.toString()).isEqualTo(422);
        assertThat(corrigido.cabecalho("Idempotent-Replayed")).isNull();
    }

    @Test
    void aMesmaChaveEmDuasLojasSaoDuasRequisicoes() {
        LojaDeTeste outra = novaLoja();

        Resposta daUma = pedido(api, loja, chave, corpoDePedido(cafe, "1"));
        Resposta daOutra = pedido(api, outra, chave, corpoDePedido(produtoComEstoque(outra, "Café", "10"), "1"));

        assertThat(daUma.status()).as(daUma.toString()).isEqualTo(201);
        assertThat(daOutra.status()).as(daOutra.toString()).isEqualTo(201);
        assertThat(daOutra.cabecalho("Idempotent-Replayed")).isNull();
        assertThat(daOutra.texto("id")).isNotEqualTo(daUma.texto("id"));
        assertThat(totalDePedidos(loja)).isEqualTo(1);
        assertThat(totalDePedidos(outra)).isEqualTo(1);
    }

    @Test
    void semOCabecalhoCadaRequisicaoContinuaValendo() {
        assertThat(pedido(api, loja, null, corpoDePedido(cafe, "1")).status()).isEqualTo(201);
        Resposta segunda = pedido(api, loja, null, corpoDePedido(cafe, "1"));
        assertThat(segunda.status()).isEqualTo(201);
        assertThat(segunda.cabecalho("Idempotent-Replayed")).isNull();

        assertThat(estoque(loja, cafe)).isEqualByComparingTo("8");
        assertThat(totalDePedidos(loja)).isEqualTo(2);
    }

    @Test
    void umaRecusaDoPedidoEGuardadaComoAPrimeiraResposta() {
        String escasso = produtoComEstoque(loja, "Chá", "1");

        Resposta recusada = pedido(api, loja, chave, corpoDePedido(escasso, "2"));
        assertThat(recusada.status()).as(recusada.toString()).isEqualTo(400);
        assertThat(movimento(api, loja, null, escasso, "-5").status()).isEqualTo(200);

        Resposta repetida = pedido(api, loja, chave, corpoDePedido(escasso, "2"));
        assertThat(repetida.status()).isEqualTo(400);
        assertThat(repetida.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repetida.corpo()).isEqualTo(recusada.corpo());
        assertThat(totalDePedidos(loja)).isZero();
    }

    @Test
    void retentativaNoOutroNoRecebeARespostaGuardadaEAsChavesValemEntreNos() throws Exception {
        try (OutroNo no = OutroNo.semLimites()) {
            ClienteHttp segundo = no.cliente();

            Resposta primeira = pedido(api, loja, chave, corpoDePedido(cafe, "2"));
            Resposta noOutro = pedido(segundo, loja, chave, corpoDePedido(cafe, "2"));
            assertThat(primeira.status()).as(primeira.toString()).isEqualTo(201);
            assertThat(noOutro.status()).as(noOutro.toString()).isEqualTo(201);
            assertThat(noOutro.cabecalho("Idempotent-Replayed")).isEqualTo("true");
            assertThat(noOutro.corpo()).isEqualTo(primeira.corpo());

            String outraChave = novaChave();
            List<Resposta> respostas;
            try (TravaConsultiva estoque = TravaConsultiva.doEstoque(cafe)) {
                respostas = estoque.enviarAoMesmoTempo(() -> movimento(api, loja, outraChave, cafe, "1"),
                        () -> movimento(segundo, loja, outraChave, cafe, "1"));
            }
            assertThat(respostas).extracting(Resposta::status).containsExactly(409, 200);
        }
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("7");
        assertThat(totalDePedidos(loja)).isEqualTo(1);
    }

    private static String novaChave() {
        return UUID.randomUUID().toString();
    }

    private String produtoComEstoque(LojaDeTeste loja, String nome, String estoque) {
        Resposta criado = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"" + nome
                + "\",\"preco\":10,\"controlaEstoque\":true,\"quantidadeEstoque\":" + estoque + "}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private BigDecimal estoque(LojaDeTeste loja, String produtoId) {
        Resposta produto = api.get("/v1/produtos/" + produtoId).token(loja.token()).enviar();
        assertThat(produto.status()).as(produto.toString()).isEqualTo(200);
        return produto.json().get("quantidadeEstoque").decimalValue();
    }

    private long totalDePedidos(LojaDeTeste loja) {
        JsonNode lista = api.get("/v1/pedidos?limite=100").token(loja.token()).enviar().json();
        return lista.get("paginacao").get("total").asLong();
    }

    private static String corpoDePedido(String produtoId, String quantidade) {
        return "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + produtoId
                + "\",\"quantidade\":" + quantidade + "}]}";
    }

    private static Resposta pedido(ClienteHttp cliente, LojaDeTeste loja, String chave, String corpo) {
        return comChave(cliente.post("/v1/pedidos"), chave).token(loja.token()).json(corpo).enviar();
    }

    /** AJUSTE-free: SAIDA of a positive quantity, ENTRADA of the opposite of a negative one. */
    private static Resposta movimento(ClienteHttp cliente, LojaDeTeste loja, String chave, String produtoId,
                                      String saida) {
        boolean entrada = saida.startsWith("-");
        String corpo = "{\"produtoId\":\"" + produtoId + "\",\"tipo\":\"" + (entrada ? "ENTRADA" : "SAIDA")
                + "\",\"quantidade\":" + (entrada ? saida.substring(1) : saida) + "}";
        return comChave(cliente.post("/v1/estoque"), chave).token(loja.token()).json(corpo).enviar();
    }

    private Resposta patch(LojaDeTeste loja, String pedidoId, String chave, String corpo) {
        return comChave(api.metodo("PATCH", "/v1/pedidos/" + pedidoId), chave).token(loja.token()).json(corpo)
                .enviar();
    }

    private static ClienteHttp.Requisicao comChave(ClienteHttp.Requisicao requisicao, String chave) {
        return chave == null ? requisicao : requisicao.cabecalho("Idempotency-Key", chave);
    }
}
