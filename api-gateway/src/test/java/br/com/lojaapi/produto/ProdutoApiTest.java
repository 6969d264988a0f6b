package br.com.lojaapi.produto;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProdutoApiTest extends TesteDeApi {

    @Test
    void criarComOsPadroesDoContratoNaCategoriaAutomatica() {
        LojaDeTeste loja = novaLoja();

        Resposta criado = post(loja, "{\"nome\":\"Café\",\"preco\":12.345}");

        assertThat(criado.status()).isEqualTo(201);
        JsonNode p = criado.json();
        assertThat(criado.cabecalho("Location")).isEqualTo("/v1/produtos/" + p.get("id").asText());
        assertThat(p.get("preco").decimalValue()).isEqualByComparingTo("12.35");
        assertThat(p.get("unidade").asText()).isEqualTo("PC");
        assertThat(p.get("multiploVenda").decimalValue()).isEqualByComparingTo("1");
        assertThat(p.get("disponivel").asBoolean()).isTrue();
        assertThat(p.get("destaque").asBoolean()).isFalse();
        assertThat(p.get("controlaEstoque").asBoolean()).isFalse();
        assertThat(p.get("quantidadeEstoque").decimalValue()).isZero();
        assertThat(p.get("imagens")).isEmpty();
        assertThat(p.get("variacoes")).isEmpty();
        assertThat(p.get("categoria").get("nome").asText()).isEqualTo("Sem categoria");
        assertThat(p.get("categoriaId").asText()).isEqualTo(p.get("categoria").get("id").asText());
        assertThat(p.get("url").asText()).matches("https://loja-[0-9a-f-]+\\.lojas\\.example\\.com/produto/" + p.get("id").asText());
        assertThat(p.has("operacao")).isFalse();
        assertThat(p.has("avisos")).isFalse();

        Resposta outro = post(loja, "{\"nome\":\"Chá\",\"preco\":5}");
        assertThat(outro.json().get("categoriaId").asText()).isEqualTo(p.get("categoriaId").asText());
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).hasSize(1);
    }

    @Test
    void camposDaCriacaoSaoNormalizados() {
        LojaDeTeste loja = novaLoja();

        JsonNode p = post(loja, """
                {"nome":"  Arroz  ","preco":20,"unidade":"kg","multiploVenda":0.5,"referencia":"REF-1","sku":"ARZ",
                 "codigoBarras":"789","codIntegracao":10,"controlaEstoque":true,"quantidadeEstoque":3.1234,
                 "estoqueMinimo":1,"disponivel":false,"destaque":true,"ordem":4,"peso":1.25,"altura":10,
                 "descricao":"Tipo 1","precoPromocional":18.5}""").json();

        assertThat(p.get("nome").asText()).isEqualTo("Arroz");
        assertThat(p.get("unidade").asText()).isEqualTo("KG");
        assertThat(p.get("multiploVenda").decimalValue()).isEqualByComparingTo("0.5");
        assertThat(p.get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("3.123");
        assertThat(p.get("controlaEstoque").asBoolean()).isTrue();
        assertThat(p.get("disponivel").asBoolean()).isFalse();
        assertThat(p.get("codIntegracao").asLong()).isEqualTo(10);
        assertThat(p.get("precoPromocional").decimalValue()).isEqualByComparingTo("18.5");
        assertThat(p.get("peso").decimalValue()).isEqualByComparingTo("1.25");
    }

    @Test
    void entradaInvalidaDa400ENadaEGravado() {
        LojaDeTeste loja = novaLoja();
        List<String[]> casos = List.of(
                new String[]{"{\"preco\":1}", "nome"},
                new String[]{"{\"nome\":\"X\"}", "preco"},
                new String[]{"{\"nome\":\"X\",\"preco\":-1}", "preco não pode ser negativo"},
                new String[]{"{\"nome\":\"X\",\"preco\":\"1\"}", "Campo 'preco'"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"unidade\":\"ABCDEFGHIJK\"}", "unidade: no máximo 10"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"referencia\":\"" + "r".repeat(81) + "\"}", "referencia: no máximo 80"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"multiploVenda\":0.0001}", "multiploVenda deve ser no mínimo 0.001"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"codIntegracao\":1.5}", "Campo 'codIntegracao'"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"categoria\":\" \"}", "categoria"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"gruposComplemento\":[\"5b6c1d0e-0000-4000-8000-000000000000\"]}",
                        "não é um grupo de complementos desta loja"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"imagens\":[\"ftp://x/y.png\"]}", "ftp://x/y.png"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"unidade\":\"ßßßßßß\"}", "unidade: no máximo 10"},
                new String[]{"{\"nome\":\"X\",\"preco\":1e999999999}", "preco deve ser no máximo"},
                new String[]{"{\"nome\":\"X\",\"preco\":1e30000000}", "preco deve ser no máximo"},
                new String[]{"{\"nome\":\"X\",\"preco\":1e-999999999}", "preco: no máximo 30 casas decimais"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"quantidadeEstoque\":1e-40}", "quantidadeEstoque"},
                new String[]{"{\"nome\":\"X\",\"preco\":1,\"variacoes\":[{\"nome\":\"A\",\"valor1\":\"1\","
                        + "\"quantidadeEstoque\":999999999.999},{\"nome\":\"A\",\"valor1\":\"2\",\"quantidadeEstoque\":1}]}",
                        "a soma do estoque das variações deve ser no máximo"});
        for (String[] caso : casos) {
            Resposta resposta = post(loja, caso[0]);
            assertThat(resposta.status()).as(caso[0] + " -> " + resposta).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(caso[0]).contains(caso[1]);
        }
        assertThat(listar(loja, "").get("produtos")).isEmpty();
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).isEmpty();
    }

    @Test
    void categoriaPorNomeEReutilizadaEIdExplicitoTemPrioridade() {
        LojaDeTeste loja = novaLoja();
        String bebidas = post(loja, "{\"nome\":\"A\",\"preco\":1,\"categoria\":\"Bebidas\"}").json().get("categoriaId").asText();
        String explicita = novaCategoria(loja, "Padaria");

        assertThat(post(loja, "{\"nome\":\"B\",\"preco\":1,\"categoria\":\"  bebidas \"}").json().get("categoriaId").asText())
                .isEqualTo(bebidas);
        assertThat(post(loja, "{\"nome\":\"C\",\"preco\":1,\"categoria\":\"Bebidas\",\"categoriaId\":\"" + explicita + "\"}")
                .json().get("categoria").get("nome").asText()).isEqualTo("Padaria");
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).hasSize(2);
    }

    @Test
    void categoriaIdNuloNoPostEQuandoNaoFoiEnviado() {
        LojaDeTeste loja = novaLoja();

        Resposta porNome = post(loja, "{\"nome\":\"A\",\"preco\":1,\"categoriaId\":null,\"categoria\":\"Limpeza\"}");
        Resposta padrao = post(loja, "{\"nome\":\"B\",\"preco\":1,\"categoriaId\":null}");

        assertThat(porNome.status()).isEqualTo(201);
        assertThat(porNome.json().get("categoria").get("nome").asText()).isEqualTo("Limpeza");
        assertThat(padrao.status()).isEqualTo(201);
        assertThat(padrao.json().get("categoria").get("nome").asText()).isEqualTo("Sem categoria");
    }

    @Test
    void removerCategoriaEnquantoUmProdutoAVinculaNuncaDeixaProdutoSemCategoria() throws Exception {
        LojaDeTeste loja = novaLoja();
        for (int rodada = 0; rodada < 10; rodada++) {
            String categoria = novaCategoria(loja, "Disputada " + rodada);
            List<Resposta> respostas = br.com.lojaapi.apoio.EmParalelo.executar(2, i -> i == 0
                    ? new br.com.lojaapi.apoio.ClienteHttp(porta).post("/v1/produtos").token(loja.token())
                        .json("{\"nome\":\"P\",\"preco\":1,\"categoriaId\":\"" + categoria + "\"}").enviar()
                    : new br.com.lojaapi.apoio.ClienteHttp(porta).delete("/v1/categorias/" + categoria).token(loja.token())
                        .enviar());
            Resposta produto = respostas.get(0);
            Resposta remocao = respostas.get(1);
            if (produto.status() == 201) {
                assertThat(remocao.status()).as("rodada %d: %s", rodada, remocao).isEqualTo(409);
                assertThat(produto.json().get("categoria").get("id").asText()).isEqualTo(categoria);
            } else {
                assertThat(produto.status()).as(produto.toString()).isEqualTo(400);
                assertThat(remocao.status()).isEqualTo(200);
            }
        }
        JsonNode produtos = listar(loja, "").get("produtos");
        produtos.forEach(p -> assertThat(p.get("categoria").isNull()).as(p.toString()).isFalse());
    }

    @Test
    void categoriaIdDeOutraLojaDa400() {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();
        String daOutra = novaCategoria(outra, "Alheia");

        Resposta resposta = post(loja, "{\"nome\":\"X\",\"preco\":1,\"categoriaId\":\"" + daOutra + "\"}");

        assertThat(resposta.status()).isEqualTo(400);
        assertThat(resposta.texto("erro")).contains("categoriaId não é uma categoria desta loja");
    }

    @Test
    void alterarMudaSoOEnviadoNullApagaEControlaEstoqueEIgnoradoComAviso() {
        LojaDeTeste loja = novaLoja();
        JsonNode criado = post(loja, "{\"nome\":\"Pão\",\"preco\":1,\"descricao\":\"Francês\",\"multiploVenda\":6,\"sku\":\"P1\"}").json();
        String id = criado.get("id").asText();

        Resposta alterado = api.put("/v1/produtos/" + id).token(loja.token())
                               .json("{\"preco\":1.5,\"descricao\":null,\"multiploVenda\":null,\"controlaEstoque\":true}").enviar();

        assertThat(alterado.status()).isEqualTo(200);
        JsonNode p = alterado.json();
        assertThat(p.get("nome").asText()).isEqualTo("Pão");
        assertThat(p.get("sku").asText()).isEqualTo("P1");
        assertThat(p.get("preco").decimalValue()).isEqualByComparingTo("1.5");
        assertThat(p.get("descricao").isNull()).isTrue();
        assertThat(p.get("multiploVenda").decimalValue()).isEqualByComparingTo("1");
        assertThat(p.get("controlaEstoque").asBoolean()).isFalse();
        assertThat(p.get("avisos").get(0).asText()).contains("controlaEstoque");
        assertThat(p.get("versao").asLong()).isEqualTo(1);
        assertThat(api.put("/v1/produtos/" + id).token(loja.token()).json("{\"multiploVenda\":0}").enviar()
                      .json().get("multiploVenda").decimalValue()).isEqualByComparingTo("1");
        assertThat(api.get("/v1/produtos/" + id).token(loja.token()).enviar().json().get("preco").decimalValue())
                .isEqualByComparingTo("1.5");
    }

    @Test
    void alterarRecusaNuloEmObrigatorioEIdDesconhecido() {
        LojaDeTeste loja = novaLoja();
        String id = post(loja, "{\"nome\":\"X\",\"preco\":1}").texto("id");

        assertThat(api.put("/v1/produtos/" + id).token(loja.token()).json("{\"nome\":null}").enviar().status()).isEqualTo(400);
        assertThat(api.put("/v1/produtos/" + id).token(loja.token()).json("{\"preco\":null}").enviar().status()).isEqualTo(400);
        assertThat(api.put("/v1/produtos/" + id).token(loja.token()).json("{\"categoriaId\":\"x\"}").enviar().status())
                .isEqualTo(400);
        assertThat(api.put("/v1/produtos/5b6c1d0e-0000-4000-8000-000000000000").token(loja.token()).json("{}").enviar()
                      .status()).isEqualTo(404);
        assertThat(api.put("/v1/produtos/zzz").token(loja.token()).json("{}").enviar().status()).isEqualTo(404);
    }

    @Test
    void removerEsconde404NaSegundaVezELiberaACategoria() {
        LojaDeTeste loja = novaLoja();
        JsonNode p = post(loja, "{\"nome\":\"X\",\"preco\":1,\"categoria\":\"Temporária\"}").json();
        String id = p.get("id").asText();
        String categoria = p.get("categoriaId").asText();

        Resposta bloqueada = api.delete("/v1/categorias/" + categoria).token(loja.token()).enviar();
        assertThat(bloqueada.status()).isEqualTo(409);
        assertThat(bloqueada.json().get("produtosVinculados").asLong()).isEqualTo(1);
        assertThat(bloqueada.json().get("subcategoriasVinculadas").asLong()).isZero();

        Resposta removido = api.delete("/v1/produtos/" + id).token(loja.token()).enviar();

        assertThat(removido.status()).isEqualTo(200);
        assertThat(removido.json().get("removido").asBoolean()).isTrue();
        assertThat(api.get("/v1/produtos/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.delete("/v1/produtos/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.put("/v1/produtos/" + id).token(loja.token()).json("{\"preco\":2}").enviar().status()).isEqualTo(404);
        assertThat(listar(loja, "").get("produtos")).isEmpty();
        assertThat(api.get("/v1/produtos/" + id + "/variacoes").token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.delete("/v1/categorias/" + categoria).token(loja.token()).enviar().status()).isEqualTo(200);
    }

    @Test
    void categoriaComProdutoSoSaiDepoisDeMoverOProduto() {
        LojaDeTeste loja = novaLoja();
        JsonNode p = post(loja, "{\"nome\":\"X\",\"preco\":1,\"categoria\":\"Velha\"}").json();
        String nova = novaCategoria(loja, "Nova");

        api.put("/v1/produtos/" + p.get("id").asText()).token(loja.token()).json("{\"categoriaId\":\"" + nova + "\"}").enviar();

        assertThat(api.delete("/v1/categorias/" + p.get("categoriaId").asText()).token(loja.token()).enviar().status())
                .isEqualTo(200);
        assertThat(api.get("/v1/produtos/" + p.get("id").asText()).token(loja.token()).enviar().json()
                      .get("categoria").get("nome").asText()).isEqualTo("Nova");
    }

    @Test
    void listaFiltraPaginaEBusca() {
        LojaDeTeste loja = novaLoja();
        String bebidas = novaCategoria(loja, "Bebidas");
        post(loja, "{\"nome\":\"Suco de Uva\",\"preco\":1,\"ordem\":1,\"categoriaId\":\"" + bebidas + "\",\"sku\":\"SK-UVA\"}");
        post(loja, "{\"nome\":\"Suco de Laranja\",\"preco\":1,\"ordem\":2,\"categoriaId\":\"" + bebidas + "\",\"disponivel\":false}");
        post(loja, "{\"nome\":\"Pão 50% integral\",\"preco\":1,\"ordem\":3,\"codigoBarras\":\"7891234\",\"codIntegracao\":4321}");

        assertThat(nomes(listar(loja, ""))).containsExactly("Suco de Uva", "Suco de Laranja", "Pão 50% integral");
        assertThat(nomes(listar(loja, "busca=SUCO"))).containsExactly("Suco de Uva", "Suco de Laranja");
        assertThat(nomes(listar(loja, "busca=sk-uva"))).containsExactly("Suco de Uva");
        assertThat(nomes(listar(loja, "busca=1234"))).containsExactly("Pão 50% integral");
        assertThat(nomes(listar(loja, "busca=4321"))).containsExactly("Pão 50% integral");
        assertThat(nomes(listar(loja, "busca=50%25"))).containsExactly("Pão 50% integral");
        assertThat(nomes(listar(loja, "busca=_"))).isEmpty();
        assertThat(nomes(listar(loja, "categoriaId=" + bebidas + "&apenasDisponiveis=true"))).containsExactly("Suco de Uva");
        JsonNode pagina = listar(loja, "limite=2&page=2");
        assertThat(nomes(pagina)).containsExactly("Pão 50% integral");
        assertThat(pagina.get("paginacao").toString()).isEqualTo("{\"page\":2,\"limite\":2,\"total\":3,\"totalPaginas\":2}");
        JsonNode alem = listar(loja, "page=9");
        assertThat(alem.get("produtos")).isEmpty();
        assertThat(alem.get("paginacao").get("total").asLong()).isEqualTo(3);
        assertThat(listar(loja, "").get("paginacao").get("limite").asInt()).isEqualTo(50);
        for (String invalido : List.of("page=0", "limite=0", "limite=101", "limite=abc", "apenasDisponiveis=talvez")) {
            assertThat(api.get("/v1/produtos?" + invalido).token(loja.token()).enviar().status()).as(invalido).isEqualTo(400);
        }
    }

    @Test
    void urlUsaODominioProprioQuandoALojaTem() {
        LojaDeTeste loja = novaLoja();
        String id = post(loja, "{\"nome\":\"X\",\"preco\":1}").texto("id");

        api.put("/admin/lojas/" + loja.id()).token(ADMIN).json("{\"dominioProprio\":\"www.mercado.com.br\"}").enviar();

        assertThat(api.get("/v1/produtos/" + id).token(loja.token()).enviar().texto("url"))
                .isEqualTo("https://www.mercado.com.br/produto/" + id);
    }

    @Test
    void produtoDeOutraLojaE404EmTodoEndpoint() {
        LojaDeTeste dona = novaLoja();
        LojaDeTeste intrusa = novaLoja();
        JsonNode p = post(dona, "{\"nome\":\"X\",\"preco\":1,\"variacoes\":[{\"nome\":\"Cor\",\"valor1\":\"Azul\"}]}").json();
        String id = p.get("id").asText();
        String variacao = p.get("variacoes").get(0).get("id").asText();

        List<Resposta> respostas = new ArrayList<>(List.of(
                api.get("/v1/produtos/" + id).token(intrusa.token()).enviar(),
                api.put("/v1/produtos/" + id).token(intrusa.token()).json("{\"preco\":9}").enviar(),
                api.delete("/v1/produtos/" + id).token(intrusa.token()).enviar(),
                api.get("/v1/produtos/" + id + "/variacoes").token(intrusa.token()).enviar(),
                api.post("/v1/produtos/" + id + "/variacoes").token(intrusa.token())
                   .json("{\"nome\":\"Cor\",\"valor1\":\"Verde\"}").enviar(),
                api.get("/v1/variacoes/" + variacao).token(intrusa.token()).enviar(),
                api.put("/v1/variacoes/" + variacao).token(intrusa.token()).json("{\"valor1\":\"X\"}").enviar(),
                api.delete("/v1/variacoes/" + variacao).token(intrusa.token()).enviar()));

        assertThat(respostas).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(404));
        assertThat(listar(intrusa, "").get("produtos")).isEmpty();
        JsonNode intacto = api.get("/v1/produtos/" + id).token(dona.token()).enviar().json();
        assertThat(intacto.get("versao").asLong()).isZero();
        assertThat(intacto.get("variacoes")).hasSize(1);
    }

    private Resposta post(LojaDeTeste loja, String json) {
        return api.post("/v1/produtos").token(loja.token()).json(json).enviar();
    }

    private JsonNode listar(LojaDeTeste loja, String consulta) {
        Resposta lista = api.get("/v1/produtos?" + consulta).token(loja.token()).enviar();
        assertThat(lista.status()).as(lista.toString()).isEqualTo(200);
        return lista.json();
    }

    private static List<String> nomes(JsonNode lista) {
        List<String> nomes = new ArrayList<>();
        lista.get("produtos").forEach(p -> nomes.add(p.get("nome").asText()));
        return nomes;
    }
}
