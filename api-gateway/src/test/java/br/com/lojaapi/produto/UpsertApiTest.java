package br.com.lojaapi.produto;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /produtos with upsert: true, keyed by codIntegracao. */
class UpsertApiTest extends TesteDeApi {

    @Test
    void criaDepoisAtualizaOMesmoProdutoSoNosCamposEnviados() {
        LojaDeTeste loja = novaLoja();

        Resposta criado = upsert(loja, "{\"codIntegracao\":500,\"nome\":\"Biscoito\",\"preco\":4,\"sku\":\"BIS\","
                + "\"categoria\":\"Doces\",\"controlaEstoque\":true}");
        Resposta atualizado = upsert(loja, "{\"codIntegracao\":500,\"preco\":4.5,\"controlaEstoque\":false}");

        assertThat(criado.status()).isEqualTo(201);
        assertThat(criado.texto("operacao")).isEqualTo("criado");
        assertThat(atualizado.status()).isEqualTo(200);
        JsonNode p = atualizado.json();
        assertThat(p.get("operacao").asText()).isEqualTo("atualizado");
        assertThat(p.get("id").asText()).isEqualTo(criado.texto("id"));
        assertThat(p.get("nome").asText()).isEqualTo("Biscoito");
        assertThat(p.get("sku").asText()).isEqualTo("BIS");
        assertThat(p.get("preco").decimalValue()).isEqualByComparingTo("4.5");
        assertThat(p.get("controlaEstoque").asBoolean()).isTrue();
        assertThat(p.get("categoria").get("nome").asText()).isEqualTo("Doces");
        assertThat(p.get("avisos").toString()).contains("controlaEstoque");
        assertThat(listar(loja)).hasSize(1);

        JsonNode recategorizado = upsert(loja, "{\"codIntegracao\":500,\"categoria\":\"Salgados\"}").json();
        assertThat(recategorizado.get("categoria").get("nome").asText()).isEqualTo("Salgados");
        assertThat(recategorizado.get("preco").decimalValue()).isEqualByComparingTo("4.5");
    }

    @Test
    void semCodigoOuSemNomeNaCriacaoDa400() {
        LojaDeTeste loja = novaLoja();

        Resposta semCodigo = upsert(loja, "{\"nome\":\"X\",\"preco\":1}");
        Resposta semNome = upsert(loja, "{\"codIntegracao\":9,\"preco\":1}");

        assertThat(semCodigo.status()).isEqualTo(400);
        assertThat(semCodigo.texto("erro")).contains("codIntegracao é obrigatório no modo upsert");
        assertThat(semNome.status()).isEqualTo(400);
        assertThat(listar(loja)).isEmpty();
    }

    @Test
    void variacoesCasamPorCodigoEPorSkuNovasSaoCriadasENenhumaSomeEstoqueESoma() {
        LojaDeTeste loja = novaLoja();
        upsert(loja, """
                {"codIntegracao":700,"nome":"Camiseta","preco":50,"quantidadeEstoque":99,"variacoes":[
                  {"nome":"Tamanho","valor1":"P","codIntegracao":71,"quantidadeEstoque":1},
                  {"nome":"Tamanho","valor1":"M","sku":"CAM-M","quantidadeEstoque":2},
                  {"nome":"Tamanho","valor1":"G","sku":"CAM-G","quantidadeEstoque":3}]}""");

        Resposta atualizado = upsert(loja, """
                {"codIntegracao":700,"variacoes":[
                  {"codIntegracao":71,"quantidadeEstoque":10,"valor2":"Azul"},
                  {"sku":"CAM-M","quantidadeEstoque":20},
                  {"nome":"Tamanho","valor1":"GG","sku":"CAM-GG","quantidadeEstoque":5}]}""");

        JsonNode p = atualizado.json();
        assertThat(atualizado.status()).isEqualTo(200);
        assertThat(p.get("variacoes")).hasSize(4);
        assertThat(valores(p)).containsExactly("P", "M", "G", "GG");
        assertThat(p.get("variacoes").get(0).get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("10");
        assertThat(p.get("variacoes").get(0).get("valor2").asText()).isEqualTo("Azul");
        assertThat(p.get("variacoes").get(1).get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("20");
        assertThat(p.get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("38");
    }

    @Test
    void variacaoNovaSemValor1RecusaTudoENadaMuda() {
        LojaDeTeste loja = novaLoja();
        JsonNode antes = upsert(loja, "{\"codIntegracao\":800,\"nome\":\"Meia\",\"preco\":10,\"variacoes\":["
                + "{\"nome\":\"Cor\",\"valor1\":\"Preta\",\"sku\":\"M-P\",\"quantidadeEstoque\":1}]}").json();

        Resposta recusado = upsert(loja, "{\"codIntegracao\":800,\"preco\":99,\"categoria\":\"Nova Categoria\","
                + "\"variacoes\":[{\"sku\":\"M-P\",\"quantidadeEstoque\":7},{\"nome\":\"Cor\",\"sku\":\"M-B\"}]}");

        assertThat(recusado.status()).isEqualTo(400);
        assertThat(recusado.texto("erro")).isEqualTo("variacoes[1]: valor1 é obrigatório para criar a variação");
        JsonNode depois = api.get("/v1/produtos/" + antes.get("id").asText()).token(loja.token()).enviar().json();
        assertThat(depois.get("versao").asLong()).isEqualTo(antes.get("versao").asLong());
        assertThat(depois.get("preco").decimalValue()).isEqualByComparingTo("10");
        assertThat(depois.get("variacoes").get(0).get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("1");
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json().toString()).doesNotContain("Nova Categoria");
    }

    @Test
    void imagensOmitidasSaoMantidasEListaVaziaApaga() {
        LojaDeTeste loja = novaLoja();
        String imagem = ImagemDeProdutoApiTest.hospedar(api, loja);
        upsert(loja, "{\"codIntegracao\":900,\"nome\":\"Vaso\",\"preco\":30,\"imagens\":[\"" + imagem + "\"]}");

        JsonNode mantidas = upsert(loja, "{\"codIntegracao\":900,\"preco\":31}").json();
        JsonNode apagadas = upsert(loja, "{\"codIntegracao\":900,\"imagens\":[]}").json();

        assertThat(mantidas.get("imagens").get(0).asText()).isEqualTo(imagem);
        assertThat(apagadas.get("imagens")).isEmpty();
    }

    @Test
    void codigoRepetidoAtualizaOAlteradoMaisRecentementeEAvisa() {
        LojaDeTeste loja = novaLoja();
        String antigo = api.post("/v1/produtos").token(loja.token())
                           .json("{\"nome\":\"Antigo\",\"preco\":1,\"codIntegracao\":1234}").enviar().texto("id");
        String recente = api.post("/v1/produtos").token(loja.token())
                            .json("{\"nome\":\"Recente\",\"preco\":1,\"codIntegracao\":1234}").enviar().texto("id");
        api.put("/v1/produtos/" + antigo).token(loja.token()).json("{\"preco\":2}").enviar();

        Resposta atualizado = upsert(loja, "{\"codIntegracao\":1234,\"descricao\":\"via upsert\"}");

        assertThat(atualizado.status()).isEqualTo(200);
        assertThat(atualizado.texto("id")).isEqualTo(antigo).isNotEqualTo(recente);
        assertThat(atualizado.json().get("avisos").get(0).asText())
                .isEqualTo("2 produtos têm codIntegracao 1234; foi atualizado o alterado mais recentemente (" + antigo + ")");
    }

    @Test
    void alterarUmaVariacaoContaComoAlteracaoDoProduto() {
        LojaDeTeste loja = novaLoja();
        String primeiro = api.post("/v1/produtos").token(loja.token())
                             .json("{\"nome\":\"Primeiro\",\"preco\":1,\"codIntegracao\":555}").enviar().texto("id");
        api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Segundo\",\"preco\":1,\"codIntegracao\":555}").enviar();
        api.post("/v1/produtos/" + primeiro + "/variacoes").token(loja.token())
           .json("{\"nome\":\"Cor\",\"valor1\":\"Azul\"}").enviar();

        assertThat(upsert(loja, "{\"codIntegracao\":555,\"descricao\":\"x\"}").texto("id")).isEqualTo(primeiro);
    }

    @Test
    void upsertQueDisputaComARemocaoDoProdutoNuncaDa404() throws Exception {
        LojaDeTeste loja = novaLoja();
        for (int rodada = 0; rodada < 10; rodada++) {
            long codigo = 7000 + rodada;
            String id = upsert(loja, "{\"codIntegracao\":" + codigo + ",\"nome\":\"R\",\"preco\":1}").texto("id");
            List<Resposta> respostas = EmParalelo.executar(2, i -> i == 0
                    ? new ClienteHttp(porta).delete("/v1/produtos/" + id).token(loja.token()).enviar()
                    : new ClienteHttp(porta).post("/v1/produtos").token(loja.token())
                        .json("{\"upsert\":true,\"codIntegracao\":" + codigo + ",\"nome\":\"R2\",\"preco\":2}").enviar());
            assertThat(respostas.get(0).status()).as("DELETE %s", respostas.get(0)).isEqualTo(200);
            // 202 when the product it updated was removed right after: written, with no body to show
            assertThat(respostas.get(1).status()).as("upsert %s", respostas.get(1)).isIn(200, 201, 202);
        }
    }

    @Test
    void vinteCriacoesSimultaneasComAMesmaCategoriaEmGrafiasDiferentesCriamUmaSoCategoria() throws Exception {
        LojaDeTeste loja = novaLoja();
        String[] grafias = {"Bebidas", "BEBIDAS", "bebidas", "BeBiDaS"};

        List<Resposta> respostas = EmParalelo.executar(20, i -> new ClienteHttp(porta).post("/v1/produtos")
                .token(loja.token())
                .json("{\"nome\":\"Produto " + i + "\",\"preco\":1,\"categoria\":\"" + grafias[i % 4] + "\"}").enviar());

        List<String> categorias = new ArrayList<>();
        for (Resposta r : respostas) {
            assertThat(r.status()).as(r.toString()).isEqualTo(201);
            categorias.add(r.json().get("categoriaId").asText());
        }
        assertThat(categorias).containsOnly(categorias.get(0));
        JsonNode lista = api.get("/v1/categorias").token(loja.token()).enviar().json();
        assertThat(lista).hasSize(1);
        assertThat(listar(loja)).hasSize(20);
    }

    @Test
    void upsertsSimultaneosDoMesmoCodigoCriamUmSoProduto() throws Exception {
        LojaDeTeste loja = novaLoja();
        List<Integer> status = EmParalelo.executar(10, i -> new ClienteHttp(porta).post("/v1/produtos")
                .token(loja.token())
                .json("{\"upsert\":true,\"codIntegracao\":4242,\"nome\":\"Concorrido\",\"preco\":" + (i + 1) + "}")
                .enviar()).stream().map(Resposta::status).toList();

        assertThat(status).filteredOn(s -> s == 201).hasSize(1);
        assertThat(status).filteredOn(s -> s == 200).hasSize(9);
        assertThat(listar(loja)).hasSize(1);
    }

    private Resposta upsert(LojaDeTeste loja, String json) {
        String corpo = json.replaceFirst("\\{", "{\"upsert\":true,");
        return api.post("/v1/produtos").token(loja.token()).json(corpo).enviar();
    }

    private JsonNode listar(LojaDeTeste loja) {
        return api.get("/v1/produtos").token(loja.token()).enviar().json().get("produtos");
    }

    private static List<String> valores(JsonNode produto) {
        List<String> valores = new ArrayList<>();
        produto.get("variacoes").forEach(v -> valores.add(v.get("valor1").asText()));
        return valores;
    }
}
