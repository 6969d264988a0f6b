package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PUT /admin/lojas/{id}/pedidos/{pedidoId}: the operator's edit of an order, as the panel would send it, with the
 * stock of each product moved by the difference only.
 */
class EdicaoDePedidoApiTest extends TesteDePedidos {

    @Autowired
    JdbcTemplate jdbc;

    private Resposta editar(LojaDeTeste loja, String pedidoId, String json) {
        return api.put("/admin/lojas/" + loja.id() + "/pedidos/" + pedidoId).token(ADMIN).json(json).enviar();
    }

    private JsonNode ler(LojaDeTeste loja, String pedidoId) {
        Resposta lido = api.get("/v1/pedidos/" + pedidoId).token(loja.token()).enviar();
        assertThat(lido.status()).as(lido.toString()).isEqualTo(200);
        return lido.json();
    }

    private static String mantido(String id, String produtoId, String quantidade) {
        return "{\"id\":\"" + id + "\",\"produtoId\":\"" + produtoId + "\",\"quantidade\":" + quantidade + "}";
    }

    /** A BALCAO order of the items in the test's store, read back. */
    private PedidoCriado criar(String... itens) {
        Resposta criado = pedidoBalcao(loja, "[" + String.join(",", itens) + "]");
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        String id = criado.texto("id");
        return new PedidoCriado(id, ler(loja, id));
    }

    /** An order as GET showed it right after it was created, before any edit. */
    private record PedidoCriado(String id, JsonNode antes) {

        /** The id of the order's line of that product. */
        String linha(String produtoId) {
            for (JsonNode item : antes.get("itens")) {
                if (item.get("produto").get("id").asText().equals(produtoId)) {
                    return item.get("id").asText();
                }
            }
            throw new AssertionError("nenhuma linha de " + produtoId);
        }

        /** The order's line of that product, kept, at the given quantity. */
        String mantido(String produtoId, String quantidade) {
            return EdicaoDePedidoApiTest.mantido(linha(produtoId), produtoId, quantidade);
        }
    }

    /** The answer is the order exactly as GET shows it right after, at a new version. */
    private JsonNode editado(LojaDeTeste loja, String pedidoId, String json) {
        Resposta resposta = editar(loja, pedidoId, json);
        assertThat(resposta.status()).as(json + " -> " + resposta).isEqualTo(200);
        assertThat(resposta.json()).isEqualTo(ler(loja, pedidoId));
        return resposta.json();
    }

    @Test
    void aumentarUmaLinhaTomaSoOAcrescimoEMantemOPreco() {
        String cafe = produtoComEstoque(loja, "Café", "10", "10");
        PedidoCriado pedido = criar(item(cafe, "3"));
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("7");
        assertThat(api.put("/v1/produtos/" + cafe).token(loja.token()).json("{\"preco\":12}").enviar().status())
                .isEqualTo(200);

        JsonNode depois = editado(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(cafe, "5") + "]}");

        assertThat(estoque(loja, cafe)).isEqualByComparingTo("5");
        JsonNode linha = depois.get("itens").get(0);
        assertThat(linha.get("id").asText()).isEqualTo(pedido.linha(cafe));
        assertThat(linha.get("quantidade").decimalValue()).isEqualByComparingTo("5");
        assertThat(linha.get("precoUnit").decimalValue()).as("a linha mantida guarda seu preço").isEqualByComparingTo("10");
        assertThat(linha.get("produto").get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("5");
        assertThat(depois.get("subtotal").decimalValue()).isEqualByComparingTo("50");
        assertThat(depois.get("total").decimalValue()).isEqualByComparingTo("50");
        assertThat(depois.get("versao").asLong()).isEqualTo(pedido.antes().get("versao").asLong() + 1);
        assertThat(depois.get("numero")).isEqualTo(pedido.antes().get("numero"));
        assertThat(depois.get("criadoEm")).isEqualTo(pedido.antes().get("criadoEm"));
    }

    @Test
    void diminuirDevolveSoADiferencaERemoverDevolveALinhaToda() {
        String a = produtoComEstoque(loja, "A", "2", "10");
        String b = produtoComEstoque(loja, "B", "3", "10");
        PedidoCriado pedido = criar(item(a, "4"), item(b, "3"));

        JsonNode depois = editado(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(a, "1") + "]}");

        assertThat(estoques(loja, a, b)).containsExactly("9", "10");
        assertThat(depois.get("itens").size()).isEqualTo(1);
        assertThat(depois.get("subtotal").decimalValue()).isEqualByComparingTo("2");
    }

    @Test
    void adicionarLinhaTomaSoANovaPeloPrecoDoCatalogo() {
        String a = produtoComEstoque(loja, "A", "2", "10");
        String b = produto(loja, "B", "5", "\"precoPromocional\":4.5,\"controlaEstoque\":true,\"quantidadeEstoque\":6");
        PedidoCriado pedido = criar(item(a, "2"));

        JsonNode depois = editado(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(a, "2") + ","
                + "{\"produtoId\":\"" + b + "\",\"quantidade\":4,\"observacao\":\"sem gelo\",\"opcoes\":{\"x\":1}}]}");

        assertThat(estoques(loja, a, b)).containsExactly("8", "2");
        JsonNode nova = depois.get("itens").get(1);
        assertThat(nova.get("id").asText()).isNotIn(pedido.linha(a)).matches("[0-9a-f-]{36}");
        assertThat(nova.get("precoUnit").decimalValue()).isEqualByComparingTo("4.5");
        assertThat(nova.get("observacao").asText()).isEqualTo("sem gelo");
        assertThat(nova.get("opcoes").toString()).isEqualTo("{\"x\":1}");
        assertThat(depois.get("subtotal").decimalValue()).isEqualByComparingTo("22");
        assertThat(depois.get("itens").get(0)).as("a linha mantida fica como era")
                                              .isEqualTo(pedido.antes().get("itens").get(0));
    }

    @Test
    void trocarDeVariacaoDevolveUmaETomaAOutra() {
        String camiseta = produto(loja, "Camiseta", "50", "\"controlaEstoque\":true,\"variacoes\":["
                + "{\"nome\":\"P\",\"valor1\":\"P\",\"quantidadeEstoque\":3},{\"nome\":\"M\",\"valor1\":\"M\",\"quantidadeEstoque\":4}]");
        JsonNode variacoes = api.get("/v1/produtos/" + camiseta).token(loja.token()).enviar().json().get("variacoes");
        String p = variacoes.get(0).get("id").asText();
        String m = variacoes.get(1).get("id").asText();
        PedidoCriado pedido = criar("{\"produtoId\":\"" + camiseta + "\",\"variacaoId\":\"" + p
                + "\",\"quantidade\":2}");

        Resposta trocaNaLinha = editar(loja, pedido.id(), "{\"itens\":[{\"id\":\"" + pedido.linha(camiseta)
                + "\",\"produtoId\":\"" + camiseta
                + "\",\"variacaoId\":\"" + m + "\",\"quantidade\":2}]}");
        assertThat(trocaNaLinha.status()).isEqualTo(400);
        assertThat(trocaNaLinha.texto("erro")).contains("itens[0]").contains("item novo");

        editado(loja, pedido.id(), "{\"itens\":[{\"produtoId\":\"" + camiseta + "\",\"variacaoId\":\"" + m
                + "\",\"quantidade\":3}]}");
        JsonNode produto = api.get("/v1/produtos/" + camiseta).token(loja.token()).enviar().json();
        assertThat(produto.get("variacoes").get(0).get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("3");
        assertThat(produto.get("variacoes").get(1).get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("1");
        assertThat(produto.get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("4");
    }

    @Test
    void precoDescontoEFreteRecalculamOTotal() {
        String a = produtoComEstoque(loja, "A", "10", "10");
        PedidoCriado pedido = criar(item(a, "3"));

        JsonNode depois = editado(loja, pedido.id(), "{\"itens\":[{\"id\":\"" + pedido.linha(a)
                + "\",\"produtoId\":\"" + a + "\",\"quantidade\":3,\"precoUnit\":8.333}],"
                + "\"desconto\":5,\"taxaEntrega\":7.5,\"editadoPor\":\"Ana\"}");

        // 3 x 8.33 = 24.99; 24.99 - 5.00 + 7.50 + 0
        assertThat(depois.get("itens").get(0).get("precoUnit").decimalValue()).isEqualByComparingTo("8.33");
        assertThat(depois.get("subtotal").decimalValue()).isEqualByComparingTo("24.99");
        assertThat(depois.get("desconto").decimalValue()).isEqualByComparingTo("5");
        assertThat(depois.get("taxaEntrega").decimalValue()).isEqualByComparingTo("7.5");
        assertThat(depois.get("ajustePagamento").decimalValue()).isEqualByComparingTo("0");
        assertThat(depois.get("total").decimalValue()).isEqualByComparingTo("27.49");
        assertThat(estoque(loja, a)).as("só o preço mudou").isEqualByComparingTo("7");

        JsonNode soFrete = editado(loja, pedido.id(), "{\"taxaEntrega\":0}");
        assertThat(soFrete.get("itens")).as("campos ausentes ficam").isEqualTo(depois.get("itens"));
        assertThat(soFrete.get("desconto").decimalValue()).isEqualByComparingTo("5");
        assertThat(soFrete.get("total").decimalValue()).isEqualByComparingTo("19.99");
    }

    @Test
    void edicaoQueNaoMudaNadaRespondeOPedidoSemNovaVersao() {
        String a = produtoComEstoque(loja, "A", "10", "10");
        String b = produtoComEstoque(loja, "B", "1", "10");
        PedidoCriado pedido = criar(item(a, "3"), item(b, "1"));

        assertThat(editado(loja, pedido.id(), "{}")).isEqualTo(pedido.antes());
        assertThat(editado(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(b, "1.0") + "," + pedido.mantido(a, "3")
                + "],\"desconto\":0,\"taxaEntrega\":0.00,\"editadoPor\":\"x\"}"))
                .as("mesmas linhas em outra ordem").isEqualTo(pedido.antes());
        assertThat(estoques(loja, a, b)).containsExactly("7", "9");
    }

    @Test
    void venderAlemDoEstoqueERecusadoComoNaCriacaoSemMudarNada() {
        String a = produtoComEstoque(loja, "A", "1", "10");
        String b = produtoComEstoque(loja, "B", "1", "5");
        PedidoCriado pedido = criar(item(a, "2"), item(b, "3"));
        Resposta naCriacao = pedidoBalcao(loja, "[" + item(b, "3") + "]");

        Resposta recusado = editar(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(a, "6") + ","
                + pedido.mantido(b, "6") + "],\"desconto\":1}");

        assertThat(recusado.status()).isEqualTo(naCriacao.status()).isEqualTo(400);
        assertThat(recusado.json().fieldNames()).toIterable()
                .containsExactlyElementsOf(() -> naCriacao.json().fieldNames());
        assertThat(recusado.texto("erro")).contains("itens[1]").contains("estoque insuficiente de B");
        assertThat(recusado.json().get("indice").asInt()).isEqualTo(1);
        assertThat(recusado.json().get("produtoId").asText()).isEqualTo(b);
        assertThat(recusado.json().get("disponivel").decimalValue()).isEqualByComparingTo("2");
        assertThat(recusado.json().get("solicitado").decimalValue()).as("só o acréscimo").isEqualByComparingTo("3");
        assertThat(estoque(loja, a)).as("nem a linha que cabia mudou").isEqualByComparingTo("8");
        assertThat(estoque(loja, b)).isEqualByComparingTo("2");
        assertThat(ler(loja, pedido.id())).isEqualTo(pedido.antes());

        editado(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(a, "2") + "," + pedido.mantido(b, "5") + "]}");
        assertThat(estoque(loja, b)).as("até o último item").isEqualByComparingTo("0");
    }

    @Test
    void cancelarDepoisDeEditarDevolveExatamenteOEditado() {
        String a = produtoComEstoque(loja, "A", "1", "10");
        String b = produtoComEstoque(loja, "B", "1", "10");
        String c = produtoComEstoque(loja, "C", "1", "10");
        PedidoCriado pedido = criar(item(a, "3"), item(b, "2"));
        editado(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(a, "5") + "," + item(c, "4") + "]}");
        assertThat(estoques(loja, a, b, c)).containsExactly("5", "10", "6");

        Resposta cancelado = patch(loja, pedido.id(), "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");

        assertThat(cancelado.status()).as(cancelado.toString()).isEqualTo(200);
        assertThat(estoques(loja, a, b, c)).containsExactly("10", "10", "10");
    }

    @Test
    void pedidoCanceladoDa409SemMudarNada() {
        String a = produtoComEstoque(loja, "A", "1", "10");
        String id = criar(item(a, "3")).id();
        patch(loja, id, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");
        JsonNode antes = ler(loja, id);

        Resposta recusado = editar(loja, id, "{\"itens\":[" + item(a, "1") + "],\"desconto\":1}");

        assertThat(recusado.status()).isEqualTo(409);
        assertThat(recusado.texto("erro")).isEqualTo("Pedido cancelado não pode ser editado");
        assertThat(estoque(loja, a)).isEqualByComparingTo("10");
        assertThat(ler(loja, id)).isEqualTo(antes);
    }

    @Test
    void outraLojaPedidoDesconhecidoOuSemTokenDeOperador() {
        LojaDeTeste outra = novaLoja();
        String a = produtoComEstoque(loja, "A", "1", "10");
        PedidoCriado pedido = criar(item(a, "3"));
        String id = pedido.id();
        String corpo = "{\"desconto\":1}";

        for (Resposta naoEncontrado : List.of(editar(outra, id, corpo),
                editar(new LojaDeTeste(UUID.randomUUID().toString(), ""), id, corpo),
                editar(new LojaDeTeste("x", ""), id, corpo),
                editar(loja, UUID.randomUUID().toString(), corpo),
                editar(loja, "abc", corpo),
                editar(loja, a, corpo))) {
            assertThat(naoEncontrado.status()).as(naoEncontrado.toString()).isEqualTo(404);
            assertThat(naoEncontrado.texto("erro")).isNotBlank();
        }
        String caminho = "/admin/lojas/" + loja.id() + "/pedidos/" + id;
        assertThat(api.put(caminho).json(corpo).enviar().status()).isEqualTo(401);
        assertThat(api.put(caminho).token(loja.token()).json(corpo).enviar().status()).isEqualTo(401);
        assertThat(api.put(caminho).token(ADMIN).corpo("text/plain", "x".getBytes()).enviar().status()).isEqualTo(415);
        assertThat(ler(loja, id)).isEqualTo(pedido.antes());
    }

    @Test
    void quantidadeAbaixoDoMinimoNaoSeArredondaParaALinhaMantida() {
        String a = produtoComEstoque(loja, "A", "10", "10");
        PedidoCriado pedido = criar(item(a, "0.001"));

        Resposta resposta = editar(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(a, "0.0005") + "]}");

        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(400);
        assertThat(resposta.texto("erro")).isEqualTo("itens[0].quantidade deve ser no mínimo 0.001");
        assertThat(ler(loja, pedido.id())).isEqualTo(pedido.antes());
        assertThat(estoque(loja, a)).isEqualByComparingTo("9.999");
    }

    @Test
    void entradaInvalidaDa400ComErroSemMudarNada() {
        LojaDeTeste outra = novaLoja();
        String a = produtoComEstoque(loja, "A", "10", "10");
        String removido = produtoComEstoque(loja, "Removido", "1", "10");
        String alheio = produtoComEstoque(outra, "Alheio", "1", "10");
        PedidoCriado pedido = criar(item(a, "3"), item(removido, "1"));
        String id = pedido.id();
        assertThat(api.delete("/v1/produtos/" + removido).token(loja.token()).enviar().status()).isEqualTo(200);
        JsonNode antes = ler(loja, id);
        String linha = pedido.linha(a);
        String ok = pedido.mantido(a, "3");
        String[] invalidos = {
                "{",
                "[]",
                "{\"itens\":null}",
                "{\"itens\":[]}",
                "{\"itens\":{}}",
                "{\"itens\":[null]}",
                "{\"itens\":[1]}",
                "{\"itens\":[{\"quantidade\":1}]}",
                "{\"itens\":[{\"produtoId\":\"" + a + "\"}]}",
                "{\"itens\":[{\"produtoId\":\"abc\",\"quantidade\":1}]}",
                "{\"itens\":[{\"produtoId\":\"" + UUID.randomUUID() + "\",\"quantidade\":1}]}",
                "{\"itens\":[{\"produtoId\":\"" + alheio + "\",\"quantidade\":1}]}",
                "{\"itens\":[{\"produtoId\":\"" + removido + "\",\"quantidade\":1}]}",
                "{\"itens\":[" + pedido.mantido(removido, "2") + "]}",
                "{\"itens\":[" + item(a, "0") + "]}",
                "{\"itens\":[" + item(a, "0.0005") + "]}",
                "{\"itens\":[" + item(a, "-1") + "]}",
                "{\"itens\":[" + item(a, "\"1\"") + "]}",
                "{\"itens\":[" + item(a, "1e30") + "]}",
                "{\"itens\":[" + item(a, "1e-999999999") + "]}",
                "{\"itens\":[{\"produtoId\":\"" + a + "\",\"quantidade\":1,\"variacaoId\":\"nao-existe\"}]}",
                "{\"itens\":[{\"id\":\"x\",\"produtoId\":\"" + a + "\",\"quantidade\":1}]}",
                "{\"itens\":[{\"id\":\"" + UUID.randomUUID() + "\",\"produtoId\":\"" + a + "\",\"quantidade\":1}]}",
                "{\"itens\":[{\"id\":5,\"produtoId\":\"" + a + "\",\"quantidade\":1}]}",
                "{\"itens\":[" + ok + "," + ok + "]}",
                "{\"itens\":[" + mantido(linha, removido, "3") + "]}",
                "{\"itens\":[{\"id\":\"" + linha + "\",\"produtoId\":\"" + a + "\",\"quantidade\":3,\"precoUnit\":-1}]}",
                "{\"itens\":[{\"id\":\"" + linha + "\",\"produtoId\":\"" + a + "\",\"quantidade\":3,\"precoUnit\":\"5\"}]}",
                "{\"itens\":[{\"id\":\"" + linha + "\",\"produtoId\":\"" + a + "\",\"quantidade\":3,\"precoUnit\":1e12}]}",
                "{\"itens\":[{\"id\":\"" + linha + "\",\"produtoId\":\"" + a + "\",\"quantidade\":3,\"observacao\":\""
                        + "x".repeat(501) + "\"}]}",
                "{\"itens\":[{\"id\":\"" + linha + "\",\"produtoId\":\"" + a + "\",\"quantidade\":3,\"observacao\":7}]}",
                "{\"itens\":[{\"id\":\"" + linha + "\",\"produtoId\":\"" + a + "\",\"quantidade\":3,\"observacao\":\"a\\u0000\"}]}",
                "{\"desconto\":null}",
                "{\"desconto\":-1}",
                "{\"desconto\":\"1\"}",
                "{\"desconto\":31.01}",
                "{\"taxaEntrega\":null}",
                "{\"taxaEntrega\":-0.01}",
                "{\"taxaEntrega\":1e12}",
                "{\"editadoPor\":5}",
                "{\"editadoPor\":\"" + "x".repeat(101) + "\"}",
                "{\"desconto\":1,\"desconto\":2}",
        };
        for (String corpo : invalidos) {
            Resposta resposta = editar(loja, id, corpo);
            assertThat(resposta.status()).as(corpo + " -> " + resposta).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(corpo).isNotBlank().doesNotContain("Exception").doesNotContain("br.com");
        }
        Resposta vazio = api.put("/admin/lojas/" + loja.id() + "/pedidos/" + id).token(ADMIN)
                            .corpo("application/json", new byte[0]).enviar();
        assertThat(vazio.status()).isEqualTo(400);
        assertThat(estoque(loja, a)).isEqualByComparingTo("7");
        assertThat(ler(loja, id)).isEqualTo(antes);
    }

    @Test
    void linhaDeProdutoRemovidoPodeSerMantidaOuTiradaSemDevolverEstoque() {
        String a = produtoComEstoque(loja, "A", "1", "10");
        String removido = produtoComEstoque(loja, "R", "1", "10");
        PedidoCriado pedido = criar(item(a, "1"), item(removido, "2"));
        assertThat(api.delete("/v1/produtos/" + removido).token(loja.token()).enviar().status()).isEqualTo(200);

        JsonNode mantida = editado(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(a, "2") + ","
                + pedido.mantido(removido, "2") + "]}");
        assertThat(mantida.get("itens").get(1)).isEqualTo(pedido.antes().get("itens").get(1));
        JsonNode tirada = editado(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(a, "2") + "]}");
        assertThat(tirada.get("itens").size()).isEqualTo(1);
        assertThat(estoque(loja, a)).isEqualByComparingTo("8");
    }

    @Test
    void produtoSemControleDeEstoqueNaoMove() {
        String servico = produto(loja, "Embrulho", "2", "");
        PedidoCriado pedido = criar(item(servico, "5"));
        editado(loja, pedido.id(), "{\"itens\":[" + pedido.mantido(servico, "50") + "]}");
        assertThat(estoque(loja, servico)).isEqualByComparingTo("0");
    }

    @Test
    void osMovimentosDaEdicaoFicamRegistradosComoDoPedidoComMotivo() {
        String a = produtoComEstoque(loja, "A", "1", "10");
        PedidoCriado pedido = criar(item(a, "3"));
        String id = pedido.id();
        editado(loja, id, "{\"itens\":[" + pedido.mantido(a, "5") + "]}");
        editado(loja, id, "{\"itens\":[" + pedido.mantido(a, "4") + "]}");
        patch(loja, id, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");

        List<String> movimentos = jdbc.queryForList("""
                SELECT substring(payload_type from '[A-Za-z]+$') || ' ' || (e ->> 'motivo') || ' '
                       || coalesce(e #>> '{baixas,0,quantidade}', e #>> '{devolucoes,0,quantidade}')
                  FROM (SELECT sequence_number, payload_type, convert_from(payload, 'UTF8')::jsonb AS e
                          FROM domain_event_entry WHERE aggregate_identifier = ?) eventos
                 WHERE e ->> 'pedidoId' = ?
                 ORDER BY sequence_number""", String.class, a, id);
        assertThat(movimentos).containsExactly(
                "EstoqueTomadoPorPedidoEvent PEDIDO_CRIADO 3.000",
                "EstoqueTomadoPorPedidoEvent PEDIDO_EDITADO 2.000",
                "EstoqueDevolvidoPorPedidoEvent PEDIDO_EDITADO 1.000",
                "EstoqueDevolvidoPorPedidoEvent PEDIDO_CANCELADO 4.000");
    }
}
