package br.com.lojaapi.condicional;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.ServidorDeImagens;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Optimistic concurrency as a client sees it: PUT, PATCH and DELETE with {@code If-Match} change the resource only
 * when the tag names its current {@code versao}; otherwise 412 and nothing changes. Without the header nothing
 * differs from before.
 */
class IfMatchApiTest extends TesteDeApi {

    private static final String IF_MATCH = "If-Match";

    @Test
    void putComIfMatchVelhoDa412ENadaMuda() {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Café", "\"controlaEstoque\":true,\"quantidadeEstoque\":5");
        Resposta primeiro = putProduto(loja, id, "\"0\"", "{\"nome\":\"Café torrado\"}");
        assertThat(primeiro.status()).as(primeiro.toString()).isEqualTo(200);
        assertThat(primeiro.json().get("versao").asLong()).isEqualTo(1);
        JsonNode antes = lerProduto(loja, id).json();

        Resposta velho = putProduto(loja, id, "\"0\"", "{\"nome\":\"Chá\",\"preco\":99}");

        assertThat(velho.status()).as(velho.toString()).isEqualTo(412);
        assertThat(velho.texto("erro")).contains("If-Match");
        assertThat(velho.json().get("versao").asLong()).isEqualTo(1);
        Resposta depois = lerProduto(loja, id);
        assertThat(depois.json()).isEqualTo(antes);
        assertThat(depois.json().get("versao").asLong()).isEqualTo(1);
        assertThat(depois.texto("nome")).isEqualTo("Café torrado");
    }

    @Test
    void tagAtualPassaMesmoComSufixoOuNumaLista() {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Café", "");

        Resposta simples = putProduto(loja, id, "\"0\"", "{\"nome\":\"A\"}");
        Resposta comSufixo = putProduto(loja, id, "\"1-9f86d081884c\"", "{\"nome\":\"B\"}");
        Resposta lista = putProduto(loja, id, "\"7\", W/\"2\" ,\"2-ab\"", "{\"nome\":\"C\"}");
        Resposta semCabecalho = putProduto(loja, id, null, "{\"nome\":\"D\"}");

        assertThat(List.of(simples.status(), comSufixo.status(), lista.status(), semCabecalho.status()))
                .as("%s %s %s %s", simples, comSufixo, lista, semCabecalho).containsOnly(200);
        assertProduto(loja, id, 4, "D");
    }

    @Test
    void asteriscoAceitaQualquerVersaoDeUmRecursoQueExiste() {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Café", "");
        putProduto(loja, id, null, "{\"nome\":\"Outro\"}");

        Resposta existe = putProduto(loja, id, "*", "{\"nome\":\"Mais um\"}");
        Resposta naoExiste = putProduto(loja, "5b6c1d0e-0000-4000-8000-000000000000", "*", "{\"nome\":\"X\"}");
        Resposta removido = api.delete("/v1/produtos/" + id).token(loja.token()).cabecalho(IF_MATCH, "*").enviar();
        Resposta deNovo = api.delete("/v1/produtos/" + id).token(loja.token()).cabecalho(IF_MATCH, "*").enviar();

        assertThat(existe.status()).as(existe.toString()).isEqualTo(200);
        assertThat(naoExiste.status()).as(naoExiste.toString()).isEqualTo(404);
        assertThat(removido.status()).as(removido.toString()).isEqualTo(200);
        assertThat(deNovo.status()).as(deNovo.toString()).isEqualTo(404);
    }

    @Test
    void tagFracaNuncaConfere() {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Café", "");

        Resposta fraca = putProduto(loja, id, "W/\"0\"", "{\"nome\":\"Chá\"}");

        assertThat(fraca.status()).as(fraca.toString()).isEqualTo(412);
        assertThat(lerProduto(loja, id).texto("nome")).isEqualTo("Café");
    }

    @Test
    void cabecalhoMalformadoDa400ENadaMuda() {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Café", "");

        for (String malformado : List.of("0", "\"0", "*, \"0\"", "W/0", "\"0\" \"1\"", "", " , ")) {
            Resposta resposta = putProduto(loja, id, malformado, "{\"nome\":\"Chá\"}");
            assertThat(resposta.status()).as("If-Match: [%s] -> %s", malformado, resposta).isEqualTo(400);
            assertThat(resposta.texto("erro")).startsWith("If-Match");
        }
        Resposta delete = api.delete("/v1/produtos/" + id).token(loja.token()).cabecalho(IF_MATCH, "0").enviar();
        assertThat(delete.status()).as(delete.toString()).isEqualTo(400);
        assertProduto(loja, id, 0, "Café");
    }

    @Test
    void putVelhoComImagensNaoBaixaNada() {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Café", "");
        putProduto(loja, id, null, "{\"nome\":\"Outro\"}");
        ServidorDeImagens servidor = ServidorDeImagens.instancia();
        int antes = servidor.pedidosContados();

        Resposta velho = putProduto(loja, id, "\"0\"", "{\"imagens\":[\"" + servidor.url("/contada.png?im") + "\"]}");

        assertThat(velho.status()).as(velho.toString()).isEqualTo(412);
        assertThat(servidor.pedidosContados()).isEqualTo(antes);
    }

    @Test
    void variacaoComparaComAVersaoDoProdutoQueOJsonMostra() {
        LojaDeTeste loja = novaLoja();
        String produto = produto(loja, "Camiseta", "");
        Resposta criada = api.post("/v1/produtos/" + produto + "/variacoes").token(loja.token())
                             .json("{\"nome\":\"Cor\",\"valor1\":\"Azul\"}").enviar();
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        String variacao = criada.texto("id");
        long versao = api.get("/v1/variacoes/" + variacao).token(loja.token()).enviar().json().get("versao").asLong();
        assertThat(versao).isEqualTo(1);

        Resposta velha = api.put("/v1/variacoes/" + variacao).token(loja.token())
                            .cabecalho(IF_MATCH, "\"0\"").json("{\"valor1\":\"Verde\"}").enviar();
        Resposta atual = api.put("/v1/variacoes/" + variacao).token(loja.token())
                            .cabecalho(IF_MATCH, "\"1\"").json("{\"valor1\":\"Preta\"}").enviar();
        Resposta remocaoVelha = api.delete("/v1/variacoes/" + variacao).token(loja.token())
                                   .cabecalho(IF_MATCH, "\"1\"").enviar();

        assertThat(velha.status()).as(velha.toString()).isEqualTo(412);
        assertThat(atual.status()).as(atual.toString()).isEqualTo(200);
        assertThat(atual.json().get("versao").asLong()).isEqualTo(2);
        assertThat(remocaoVelha.status()).as(remocaoVelha.toString()).isEqualTo(412);
        assertThat(api.get("/v1/variacoes/" + variacao).token(loja.token()).enviar().texto("valor1")).isEqualTo("Preta");
    }

    @Test
    void patchDePedidoComVersaoVelhaDa412EOEstoqueNaoMuda() {
        LojaDeTeste loja = novaLoja();
        String cafe = produto(loja, "Café", "\"controlaEstoque\":true,\"quantidadeEstoque\":10");
        Resposta criado = api.post("/v1/pedidos").token(loja.token())
                             .json("{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\""
                                     + cafe + "\",\"quantidade\":3}]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        String pedido = criado.texto("id");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("7");
        Resposta confirmado = patch(loja, pedido, "\"0\"", "{\"status\":\"CONFIRMADO\"}");
        assertThat(confirmado.status()).as(confirmado.toString()).isEqualTo(200);
        assertThat(confirmado.json().get("versao").asLong()).isEqualTo(1);

        Resposta velho = patch(loja, pedido, "\"0\"", "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");

        assertThat(velho.status()).as(velho.toString()).isEqualTo(412);
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("7");
        Resposta lido = api.get("/v1/pedidos/" + pedido).token(loja.token()).enviar();
        assertThat(lido.texto("status")).isEqualTo("CONFIRMADO");
        assertThat(lido.json().get("versao").asLong()).isEqualTo(1);

        Resposta atual = patch(loja, pedido, "\"1\"", "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");
        assertThat(atual.status()).as(atual.toString()).isEqualTo(200);
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("10");
    }

    @Test
    void deleteComVersaoVelhaDa412EORecursoContinua() {
        LojaDeTeste loja = novaLoja();
        String categoria = novaCategoria(loja, "Bebidas");
        Resposta alterada = api.put("/v1/categorias/" + categoria).token(loja.token()).cabecalho(IF_MATCH, "\"0\"")
                               .json("{\"nome\":\"Sucos\"}").enviar();
        assertThat(alterada.status()).as(alterada.toString()).isEqualTo(200);
        String produto = produto(loja, "Café", "");
        putProduto(loja, produto, null, "{\"nome\":\"Café moído\"}");

        Resposta categoriaVelha = api.delete("/v1/categorias/" + categoria).token(loja.token())
                                     .cabecalho(IF_MATCH, "\"0\"").enviar();
        Resposta produtoVelho = api.delete("/v1/produtos/" + produto).token(loja.token())
                                   .cabecalho(IF_MATCH, "\"0\"").enviar();

        assertThat(categoriaVelha.status()).as(categoriaVelha.toString()).isEqualTo(412);
        assertThat(produtoVelho.status()).as(produtoVelho.toString()).isEqualTo(412);
        assertThat(api.get("/v1/categorias/" + categoria).token(loja.token()).enviar().status()).isEqualTo(200);
        assertThat(lerProduto(loja, produto).status()).isEqualTo(200);

        Resposta categoriaAtual = api.delete("/v1/categorias/" + categoria).token(loja.token())
                                     .cabecalho(IF_MATCH, "\"1\"").enviar();
        Resposta produtoAtual = api.delete("/v1/produtos/" + produto).token(loja.token())
                                   .cabecalho(IF_MATCH, "\"1\"").enviar();
        assertThat(categoriaAtual.status()).as(categoriaAtual.toString()).isEqualTo(200);
        assertThat(produtoAtual.status()).as(produtoAtual.toString()).isEqualTo(200);
        assertThat(lerProduto(loja, produto).status()).isEqualTo(404);
    }

    @Test
    void pedidoEtiquetaEWebhookSoSaoExcluidosNaVersaoAtual() {
        LojaDeTeste loja = novaLoja();
        String cafe = produto(loja, "Café", "");
        String pedido = "/v1/pedidos/" + api.post("/v1/pedidos").token(loja.token())
                .json("{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\""
                        + cafe + "\",\"quantidade\":1}]}").enviar().texto("id");
        String etiquetas = pedido + "/etiquetas";
        Resposta etiqueta = api.post(etiquetas).token(loja.token())
                               .json("{\"zpl\":\"^XA^FDum^FS^XZ\",\"codigoRastreio\":\"BR1BR\"}").enviar();
        Resposta substituida = api.post(etiquetas).token(loja.token())
                                  .json("{\"zpl\":\"^XA^FDdois^FS^XZ\",\"codigoRastreio\":\"BR1BR\"}").enviar();
        assertThat(substituida.texto("id")).as(substituida.toString()).isEqualTo(etiqueta.texto("id"));
        assertThat(substituida.json().get("versao").asLong()).isEqualTo(1);
        String umaEtiqueta = etiquetas + "/" + etiqueta.texto("id");
        Resposta webhook = api.post("/v1/webhooks").token(loja.token())
                              .json("{\"nome\":\"ERP\",\"url\":\"http://127.0.0.1:9/h\",\"eventos\":[\"pedido.criado\"]}")
                              .enviar();
        assertThat(webhook.status()).as(webhook.toString()).isEqualTo(201);
        String umWebhook = "/v1/webhooks/" + webhook.texto("id");
        Resposta cancelado = patch(loja, pedido.substring("/v1/pedidos/".length()), "*",
                "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"teste\"}");
        assertThat(cancelado.status()).as(cancelado.toString()).isEqualTo(200);
        long versaoDoPedido = cancelado.json().get("versao").asLong();

        Resposta etiquetaVelha = api.delete(umaEtiqueta).token(loja.token()).cabecalho(IF_MATCH, "\"0\"").enviar();
        Resposta webhookAdiantado = api.delete(umWebhook).token(loja.token()).cabecalho(IF_MATCH, "\"1\"").enviar();
        Resposta pedidoVelho = api.delete(pedido).token(loja.token())
                                  .cabecalho(IF_MATCH, "\"" + (versaoDoPedido - 1) + "\"").enviar();

        assertThat(List.of(etiquetaVelha.status(), webhookAdiantado.status(), pedidoVelho.status()))
                .as("%s %s %s", etiquetaVelha, webhookAdiantado, pedidoVelho).containsOnly(412);
        assertThat(api.get(umaEtiqueta).token(loja.token()).enviar().status()).isEqualTo(200);
        assertThat(api.get(pedido).token(loja.token()).enviar().status()).isEqualTo(200);
        assertThat(api.get("/v1/webhooks").token(loja.token()).enviar().json()).hasSize(1);

        assertThat(api.delete(umaEtiqueta).token(loja.token()).cabecalho(IF_MATCH, "\"1\"").enviar().status())
                .isEqualTo(200);
        assertThat(api.delete(umWebhook).token(loja.token()).cabecalho(IF_MATCH, "\"0\"").enviar().status())
                .isEqualTo(200);
        assertThat(api.delete(pedido).token(loja.token()).cabecalho(IF_MATCH, "\"" + versaoDoPedido + "\"").enviar()
                      .status()).isEqualTo(200);
        assertThat(api.get(pedido).token(loja.token()).enviar().status()).isEqualTo(404);
    }

    @Test
    void grupoAlteradoERemovidoSoNaVersaoAtual() {
        LojaDeTeste loja = novaLoja();
        Resposta criado = api.post("/v1/grupos-complemento").token(loja.token())
                             .json("{\"nome\":\"Molhos\",\"itens\":[{\"nome\":\"Alho\",\"preco\":1}]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        String grupo = "/v1/grupos-complemento/" + criado.texto("id");

        Resposta alterado = api.put(grupo).token(loja.token()).cabecalho(IF_MATCH, "\"0\"")
                               .json("{\"nome\":\"Molhos da casa\"}").enviar();
        Resposta remocaoVelha = api.delete(grupo).token(loja.token()).cabecalho(IF_MATCH, "\"0\"").enviar();

        assertThat(alterado.status()).as(alterado.toString()).isEqualTo(200);
        assertThat(remocaoVelha.status()).as(remocaoVelha.toString()).isEqualTo(412);
        assertThat(api.get(grupo).token(loja.token()).enviar().texto("nome")).isEqualTo("Molhos da casa");
    }

    @Test
    void idDeOutraLojaDa404MesmoComIfMatch() {
        LojaDeTeste dona = novaLoja();
        LojaDeTeste outra = novaLoja();
        String id = produto(dona, "Café", "");

        Resposta velho = putProduto(outra, id, "\"5\"", "{\"nome\":\"Chá\"}");
        Resposta atual = putProduto(outra, id, "\"0\"", "{\"nome\":\"Chá\"}");
        Resposta qualquer = api.delete("/v1/produtos/" + id).token(outra.token()).cabecalho(IF_MATCH, "*").enviar();

        assertThat(List.of(velho.status(), atual.status(), qualquer.status()))
                .as("%s %s %s", velho, atual, qualquer).containsOnly(404);
        assertThat(lerProduto(dona, id).texto("nome")).isEqualTo("Café");
    }

    @Test
    void doisPutsSimultaneosComOMesmoIfMatchEmDoisNosUmPassa() throws Exception {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Café", "");
        try (OutroNo segundo = OutroNo.semLimites()) {
            ClienteHttp[] nos = {api, segundo.cliente()};
            for (int rodada = 0; rodada < 5; rodada++) {
                long versao = lerProduto(loja, id).json().get("versao").asLong();
                String tag = "\"" + versao + "\"";
                List<Resposta> respostas = EmParalelo.executar(2, i -> nos[i].put("/v1/produtos/" + id)
                        .token(loja.token()).cabecalho(IF_MATCH, tag)
                        .json("{\"nome\":\"Nó " + i + " rodada " + versao + "\"}").enviar());

                assertThat(respostas.stream().map(Resposta::status).sorted().toList())
                        .as(respostas.toString()).containsExactly(200, 412);
                Resposta vencedora = respostas.stream().filter(r -> r.status() == 200).findFirst().orElseThrow();
                Resposta lido = lerProduto(loja, id);
                assertThat(lido.json().get("versao").asLong()).isEqualTo(versao + 1);
                assertThat(lido.texto("nome")).isEqualTo(vencedora.texto("nome"));
            }
        }
    }

    private String produto(LojaDeTeste loja, String nome, String extras) {
        Resposta criado = api.post("/v1/produtos").token(loja.token())
                             .json("{\"nome\":\"" + nome + "\",\"preco\":10" + (extras.isEmpty() ? "" : "," + extras) + "}")
                             .enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private Resposta lerProduto(LojaDeTeste loja, String id) {
        return api.get("/v1/produtos/" + id).token(loja.token()).enviar();
    }

    private BigDecimal estoque(LojaDeTeste loja, String id) {
        return lerProduto(loja, id).json().get("quantidadeEstoque").decimalValue();
    }

    private Resposta putProduto(LojaDeTeste loja, String id, String ifMatch, String json) {
        ClienteHttp.Requisicao put = api.put("/v1/produtos/" + id).token(loja.token()).json(json);
        return (ifMatch == null ? put : put.cabecalho(IF_MATCH, ifMatch)).enviar();
    }

    private Resposta patch(LojaDeTeste loja, String pedido, String ifMatch, String json) {
        return api.metodo("PATCH", "/v1/pedidos/" + pedido).token(loja.token()).cabecalho(IF_MATCH, ifMatch)
                  .json(json).enviar();
    }

    /** The product as a GET shows it: at this version, with this name. */
    private void assertProduto(LojaDeTeste loja, String id, long versao, String nome) {
        Resposta lido = lerProduto(loja, id);
        assertThat(lido.json().get("versao").asLong()).as(lido.toString()).isEqualTo(versao);
        assertThat(lido.texto("nome")).isEqualTo(nome);
    }
}
