package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

class PedidoApiTest extends TesteDePedidos {

    @Test
    void criarRecalculaPrecosBaixaEstoqueEDevolveOPedidoCompleto() {
        String cafe = produto(loja, "Café", "10.00", "\"precoPromocional\":8.5,\"controlaEstoque\":true,"
                + "\"quantidadeEstoque\":10,\"sku\":\"CAF\",\"codIntegracao\":77,\"codigoBarras\":\"7891234567895\","
                + "\"unidade\":\"un\"");
        String leite = produtoComEstoque(loja, "Leite", "4.99", "5");

        Resposta criado = pedido(loja, """
                {"tipoEntrega":"DELIVERY","taxaEntrega":5,"desconto":1.5,"observacoes":"tocar a campainha",
                 "cliente":{"nome":"Ana Souza","celular":"11999990000","email":"ana@ex.com","documento":"529.982.247-25",
                            "endereco":"Av. Paulista","numero":"1000","complemento":"ap 3","bairro":"Bela Vista",
                            "cidade":"São Paulo","uf":"sp","cep":"01310-100","referencia":"perto do metrô"},
                 "itens":[{"produtoId":"%s","quantidade":2,"precoUnit":0.01,"observacao":"moído",
                           "opcoes":{"moagem":"fina","extras":[1,2]}},
                          {"produtoId":"%s","quantidade":1.5}]}""".formatted(cafe, leite));

        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        JsonNode p = criado.json();
        assertThat(criado.cabecalho("Location")).isEqualTo("/v1/pedidos/" + p.get("id").asText());
        assertThat(p.get("numero").asLong()).isEqualTo(1);
        assertThat(p.get("status").asText()).isEqualTo("PENDENTE");
        assertThat(p.get("tipoEntrega").asText()).isEqualTo("DELIVERY");
        // 2 x 8.50 (promotional, the 0.01 sent is ignored) + 1.5 x 4.99 = 17.00 + 7.485 -> 7.49
        assertThat(p.get("subtotal").decimalValue()).isEqualByComparingTo("24.49");
        assertThat(p.get("desconto").decimalValue()).isEqualByComparingTo("1.50");
        assertThat(p.get("taxaEntrega").decimalValue()).isEqualByComparingTo("5.00");
        assertThat(p.get("ajustePagamento").decimalValue()).isEqualByComparingTo("0");
        assertThat(p.get("total").decimalValue()).isEqualByComparingTo("27.99");
        assertThat(p.get("observacoes").asText()).isEqualTo("tocar a campainha");
        assertThat(p.get("pagamentos").isArray()).isTrue();
        assertThat(p.get("pagamentoStatus").isNull()).isTrue();
        assertThat(p.get("clienteNome").asText()).isEqualTo("Ana Souza");
        assertThat(p.get("clienteDocumento").asText()).isEqualTo("52998224725");
        assertThat(p.get("clienteUf").asText()).isEqualTo("SP");
        assertThat(p.get("clienteComplemento").asText()).isEqualTo("ap 3");
        assertThat(p.get("clienteReferencia").asText()).isEqualTo("perto do metrô");
        assertThat(p.get("cliente").isNull()).isTrue();
        assertThat(p.get("notasFiscais").size()).isZero();
        assertThat(p.get("etiquetasEnvio").size()).isZero();
        JsonNode item = p.get("itens").get(0);
        assertThat(item.get("precoUnit").decimalValue()).isEqualByComparingTo("8.50");
        assertThat(item.get("quantidade").decimalValue()).isEqualByComparingTo("2");
        assertThat(item.get("observacao").asText()).isEqualTo("moído");
        assertThat(item.get("opcoes").toString()).isEqualTo("{\"moagem\":\"fina\",\"extras\":[1,2]}");
        JsonNode produto = item.get("produto");
        assertThat(produto.get("id").asText()).isEqualTo(cafe);
        assertThat(produto.get("nome").asText()).isEqualTo("Café");
        assertThat(produto.get("sku").asText()).isEqualTo("CAF");
        assertThat(produto.get("codIntegracao").asLong()).isEqualTo(77);
        assertThat(produto.get("codigoBarras").asText()).isEqualTo("7891234567895");
        assertThat(produto.get("unidade").asText()).isEqualTo("UN");
        assertThat(produto.get("imagens").isArray()).isTrue();
        assertThat(produto.get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("8");
        assertThat(item.get("variacao").isNull()).isTrue();

        assertThat(estoque(loja, cafe)).isEqualByComparingTo("8");
        assertThat(estoque(loja, leite)).isEqualByComparingTo("3.5");
        Resposta lido = api.get("/v1/pedidos/" + p.get("id").asText()).token(loja.token()).enviar();
        assertThat(lido.status()).isEqualTo(200);
        assertThat(lido.json()).isEqualTo(p);
    }

    @Test
    void precoDaVariacaoTemPrioridadeEOEstoqueDoProdutoESomaDasVariacoes() {
        String camiseta = produto(loja, "Camiseta", "50", "\"precoPromocional\":45,\"controlaEstoque\":true,"
                + "\"variacoes\":[{\"nome\":\"P\",\"valor1\":\"Azul\",\"preco\":55,\"sku\":\"CAM-P\",\"quantidadeEstoque\":3},"
                + "{\"nome\":\"M\",\"valor1\":\"Azul\",\"sku\":\"CAM-M\",\"quantidadeEstoque\":4}]");
        JsonNode variacoes = api.get("/v1/produtos/" + camiseta).token(loja.token()).enviar().json().get("variacoes");
        String p = variacoes.get(0).get("id").asText();
        String m = variacoes.get(1).get("id").asText();

        Resposta criado = pedidoBalcao(loja, "[{\"produtoId\":\"%s\",\"variacaoId\":\"%s\",\"quantidade\":1},"
                .formatted(camiseta, p) + "{\"produtoId\":\"%s\",\"variacaoId\":\"%s\",\"quantidade\":2}]"
                .formatted(camiseta, m));

        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        JsonNode itens = criado.json().get("itens");
        assertThat(itens.get(0).get("precoUnit").decimalValue()).isEqualByComparingTo("55");
        assertThat(itens.get(1).get("precoUnit").decimalValue()).isEqualByComparingTo("45");
        JsonNode variacao = itens.get(0).get("variacao");
        assertThat(variacao.get("id").asText()).isEqualTo(p);
        assertThat(variacao.get("nome").asText()).isEqualTo("P");
        assertThat(variacao.get("valor1").asText()).isEqualTo("Azul");
        assertThat(variacao.get("sku").asText()).isEqualTo("CAM-P");
        assertThat(variacao.get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("2");
        JsonNode produto = api.get("/v1/produtos/" + camiseta).token(loja.token()).enviar().json();
        assertThat(produto.get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("4");
        assertThat(produto.get("variacoes").get(0).get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("2");
        assertThat(produto.get("variacoes").get(1).get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("2");

        Resposta semVariacao = pedidoBalcao(loja, "[" + item(camiseta, "1") + "]");
        assertThat(semVariacao.status()).isEqualTo(400);
        assertThat(semVariacao.texto("erro")).contains("itens[0]").contains("variacaoId");
    }

    @Test
    void quantidadeArredondadaParaCimaAteOMultiploDeVenda() {
        String ovos = produto(loja, "Ovos", "1.00", "\"multiploVenda\":6");
        String queijo = produto(loja, "Queijo", "40.00", "\"multiploVenda\":0.5");
        String arroz = produto(loja, "Arroz", "3.00", "");

        Resposta criado = pedidoBalcao(loja, "[" + item(ovos, "7") + "," + item(queijo, "0.3") + ","
                + item(arroz, "0.25") + "]");

        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        JsonNode itens = criado.json().get("itens");
        assertThat(itens.get(0).get("quantidade").decimalValue()).isEqualByComparingTo("12");
        assertThat(itens.get(1).get("quantidade").decimalValue()).isEqualByComparingTo("0.5");
        assertThat(itens.get(2).get("quantidade").decimalValue()).isEqualByComparingTo("0.25");
        // 12 x 1.00 + 0.5 x 40.00 + 0.25 x 3.00
        assertThat(criado.json().get("subtotal").decimalValue()).isEqualByComparingTo("32.75");
    }

    @Test
    void retiradaEGuardadaComoBalcaoEDeliveryExigeEndereco() {
        String cafe = produto(loja, "Café", "10", "");
        Resposta retirada = pedido(loja, "{\"tipoEntrega\":\"RETIRADA\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":["
                + item(cafe, "1") + "]}");
        assertThat(retirada.status()).as(retirada.toString()).isEqualTo(201);
        assertThat(retirada.texto("tipoEntrega")).isEqualTo("BALCAO");

        Resposta semEndereco = pedido(loja, "{\"tipoEntrega\":\"DELIVERY\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":["
                + item(cafe, "1") + "]}");
        assertThat(semEndereco.status()).isEqualTo(400);
        assertThat(semEndereco.texto("erro")).contains("endereço");

        Resposta mesa = pedido(loja, "{\"tipoEntrega\":\"MESA\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":["
                + item(cafe, "1") + "]}");
        assertThat(mesa.status()).isEqualTo(201);
        assertThat(mesa.json().get("numero").asLong()).isEqualTo(2);
    }

    @Test
    void clienteCadastradoPreencheOsCamposVaziosEVaiNoPedido() {
        LojaDeTeste outra = novaLoja();
        String cafe = produto(loja, "Café", "10", "");
        Resposta cadastro = api.post("/v1/clientes").token(loja.token()).json("""
                {"nome":"Ana Souza","documento":"529.982.247-25","email":"ana@ex.com","celular":"11999990000",
                 "endereco":"Av. Paulista","numero":"1000","bairro":"Bela Vista","cidade":"São Paulo","uf":"SP",
                 "cep":"01310-100"}""").enviar();
        assertThat(cadastro.status()).as(cadastro.toString()).isEqualTo(201);
        String clienteId = cadastro.texto("id");

        Resposta criado = pedido(loja, "{\"tipoEntrega\":\"DELIVERY\",\"cliente\":{\"id\":\"" + clienteId
                + "\",\"nome\":\"Ana\",\"numero\":\"1002\"},\"itens\":[" + item(cafe, "1") + "]}");

        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        JsonNode p = criado.json();
        assertThat(p.get("clienteNome").asText()).as("o enviado prevalece").isEqualTo("Ana");
        assertThat(p.get("clienteNumero").asText()).isEqualTo("1002");
        assertThat(p.get("clienteEndereco").asText()).isEqualTo("Av. Paulista");
        assertThat(p.get("clienteCelular").asText()).isEqualTo("11999990000");
        assertThat(p.get("clienteEmail").asText()).isEqualTo("ana@ex.com");
        assertThat(p.get("clienteDocumento").asText()).isEqualTo("52998224725");
        assertThat(p.get("clienteCep").asText()).isEqualTo("01310100");
        JsonNode cliente = p.get("cliente");
        assertThat(cliente.get("id").asText()).isEqualTo(clienteId);
        assertThat(cliente.get("nome").asText()).isEqualTo("Ana Souza");
        assertThat(cliente.get("tipoDocumento").asText()).isEqualTo("CPF");

        Resposta alheio = pedido(outra, "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"id\":\"" + clienteId
                + "\",\"nome\":\"Ana\"},\"itens\":[" + item(produto(outra, "Chá", "5", ""), "1") + "]}");
        assertThat(alheio.status()).isEqualTo(400);
        assertThat(alheio.texto("erro")).contains("cliente.id");
    }

    @Test
    void entradaInvalidaDa400SemCriarNada() {
        String cafe = produtoComEstoque(loja, "Café", "10", "5");
        String valido = item(cafe, "1");
        String[] invalidos = {
                "{\"cliente\":{\"nome\":\"Ana\"},\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"DRONE\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{},\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"}}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[null]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"quantidade\":1}]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + cafe + "\"}]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[" + item(cafe, "0") + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[" + item(cafe, "-1") + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[" + item(cafe, "\"1\"") + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[" + item("xyz", "1") + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"desconto\":-1,\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"desconto\":11,\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\",\"documento\":\"123\"},\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\",\"uf\":\"SPO\"},\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\",\"cep\":\"123\"},\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\",\"id\":\"" + java.util.UUID.randomUUID()
                        + "\"},\"itens\":[" + valido + "]}",
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + cafe
                        + "\",\"quantidade\":1,\"variacaoId\":\"nao-existe\"}]}",
        };
        for (String corpo : invalidos) {
            Resposta resposta = pedido(loja, corpo);
            assertThat(resposta.status()).as(corpo + " -> " + resposta).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(corpo).isNotBlank();
        }
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("5");
        assertThat(api.get("/v1/pedidos").token(loja.token()).enviar().json().get("paginacao").get("total").asLong())
                .isZero();
        Resposta primeiro = pedidoBalcao(loja, "[" + valido + "]");
        assertThat(primeiro.json().get("numero").asLong()).as("números de pedidos recusados não são gastos").isEqualTo(1);
    }

    @Test
    void quantidadeAbaixoDoMinimoDoContratoDa400EmVezDeArredondarENaoMexeNoEstoque() {
        String cafe = produtoComEstoque(loja, "Café", "10", "5");

        Resposta resposta = pedidoBalcao(loja, "[" + item(cafe, "0.0005") + "]");

        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(400);
        assertThat(resposta.texto("erro")).isEqualTo("itens[0].quantidade deve ser no mínimo 0.001");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("5");
        Resposta noMinimo = pedidoBalcao(loja, "[" + item(cafe, "0.001") + "]");
        assertThat(noMinimo.status()).as(noMinimo.toString()).isEqualTo(201);
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("4.999");
    }

    @Test
    void motivoCancelamentoComOutroStatusEAceitoENaoEGuardado() {
        String cafe = produtoComEstoque(loja, "Café", "10", "5");
        String id = pedidoBalcao(loja, "[" + item(cafe, "1") + "]").texto("id");

        Resposta confirmado = patch(loja, id, "{\"status\":\"CONFIRMADO\",\"motivoCancelamento\":\"n/a\"}");

        assertThat(confirmado.status()).as(confirmado.toString()).isEqualTo(200);
        assertThat(confirmado.texto("status")).isEqualTo("CONFIRMADO");
        assertThat(confirmado.json().get("motivoCancelamento").isNull()).isTrue();
    }

    @Test
    void produtoDeOutraLojaOuRemovidoDa400() {
        LojaDeTeste outra = novaLoja();
        String daOutra = produtoComEstoque(outra, "Café", "10", "5");
        Resposta cruzado = pedidoBalcao(loja, "[" + item(daOutra, "1") + "]");
        assertThat(cruzado.status()).isEqualTo(400);
        assertThat(cruzado.texto("erro")).contains("itens[0]").contains(daOutra);
        assertThat(estoque(outra, daOutra)).isEqualByComparingTo("5");

        String removido = produtoComEstoque(loja, "Chá", "10", "5");
        assertThat(api.delete("/v1/produtos/" + removido).token(loja.token()).enviar().status()).isEqualTo(200);
        assertThat(pedidoBalcao(loja, "[" + item(removido, "1") + "]").status()).isEqualTo(400);
        assertThat(pedidoBalcao(loja, "[" + item(java.util.UUID.randomUUID().toString(), "1") + "]").status())
                .isEqualTo(400);
    }

    @Test
    void semEstoqueNoTerceiroItemNadaEBaixado() {
        String a = produtoComEstoque(loja, "A", "1", "10");
        String b = produtoComEstoque(loja, "B", "1", "10");
        String c = produtoComEstoque(loja, "C", "1", "1");

        Resposta recusado = pedidoBalcao(loja, "[" + item(a, "2") + "," + item(b, "3") + "," + item(c, "2") + "]");

        assertThat(recusado.status()).isEqualTo(400);
        assertThat(recusado.texto("erro")).contains("itens[2]").contains("C").contains("estoque insuficiente");
        assertThat(recusado.json().get("indice").asInt()).isEqualTo(2);
        assertThat(estoque(loja, a)).isEqualByComparingTo("10");
        assertThat(estoque(loja, b)).isEqualByComparingTo("10");
        assertThat(estoque(loja, c)).isEqualByComparingTo("1");
        assertThat(api.get("/v1/pedidos").token(loja.token()).enviar().json().get("pedidos").size()).isZero();
    }

    @Test
    void duasLinhasDoMesmoProdutoSomamNaConferenciaDoEstoque() {
        String a = produtoComEstoque(loja, "A", "1", "3");
        Resposta recusado = pedidoBalcao(loja, "[" + item(a, "2") + "," + item(a, "2") + "]");
        assertThat(recusado.status()).isEqualTo(400);
        assertThat(recusado.texto("erro")).contains("itens[1]");
        assertThat(estoque(loja, a)).isEqualByComparingTo("3");
        assertThat(pedidoBalcao(loja, "[" + item(a, "2") + "," + item(a, "1") + "]").status()).isEqualTo(201);
        assertThat(estoque(loja, a)).isEqualByComparingTo("0");
    }

    @Test
    void produtoSemControleDeEstoqueNaoEConferidoNemBaixado() {
        String servico = produto(loja, "Embrulho", "2", "");
        Resposta criado = pedidoBalcao(loja, "[" + item(servico, "50") + "]");
        assertThat(criado.status()).isEqualTo(201);
        assertThat(estoque(loja, servico)).isEqualByComparingTo("0");
    }

    @Test
    void estoqueTomadoUmaVezEDevolvidoUmaVez() {
        String cafe = produtoComEstoque(loja, "Café", "10", "10");
        String id = pedidoBalcao(loja, "[" + item(cafe, "3") + "]").texto("id");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("7");

        assertThat(patch(loja, id, "{\"status\":\"CONFIRMADO\"}").status()).isEqualTo(200);
        assertThat(estoque(loja, cafe)).as("confirmar não baixa de novo").isEqualByComparingTo("7");

        Resposta semMotivo = patch(loja, id, "{\"status\":\"CANCELADO\"}");
        assertThat(semMotivo.status()).isEqualTo(400);
        assertThat(semMotivo.texto("erro")).contains("motivoCancelamento");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("7");

        Resposta cancelado = patch(loja, id, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");
        assertThat(cancelado.status()).as(cancelado.toString()).isEqualTo(200);
        assertThat(cancelado.texto("status")).isEqualTo("CANCELADO");
        assertThat(cancelado.texto("motivoCancelamento")).isEqualTo("desistiu");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("10");

        Resposta deNovo = patch(loja, id, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu mesmo\"}");
        assertThat(deNovo.status()).isEqualTo(200);
        assertThat(estoque(loja, cafe)).as("cancelar de novo não devolve de novo").isEqualByComparingTo("10");

        for (String status : new String[]{"PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE"}) {
            Resposta depois = patch(loja, id, "{\"status\":\"" + status + "\"}");
            assertThat(depois.status()).as(status).isEqualTo(409);
            assertThat(depois.texto("erro")).contains("cancelado");
        }
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("10");
    }

    @Test
    void cancelarDevolveOEstoqueSoDosProdutosQueAindaExistem() {
        String cafe = produtoComEstoque(loja, "Café", "10", "10");
        String removido = produtoComEstoque(loja, "Chá", "10", "10");
        String id = pedidoBalcao(loja, "[" + item(cafe, "2") + "," + item(removido, "3") + "]").texto("id");
        assertThat(api.delete("/v1/produtos/" + removido).token(loja.token()).enviar().status()).isEqualTo(200);

        Resposta cancelado = patch(loja, id, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");

        assertThat(cancelado.status()).as(cancelado.toString()).isEqualTo(200);
        assertThat(cancelado.texto("status")).isEqualTo("CANCELADO");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("10");
        assertThat(api.get("/v1/produtos/" + removido).token(loja.token()).enviar().status()).isEqualTo(404);
    }

    @Test
    void patchPassaPorTodosOsStatusEMudaORastreio() {
        String cafe = produto(loja, "Café", "10", "");
        String id = pedidoBalcao(loja, "[" + item(cafe, "1") + "]").texto("id");
        long versao = 0;
        for (String status : new String[]{"CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE", "PENDENTE",
                "ENTREGUE"}) {
            Resposta r = patch(loja, id, "{\"status\":\"" + status + "\"}");
            assertThat(r.status()).as(status + " " + r).isEqualTo(200);
            assertThat(r.texto("status")).isEqualTo(status);
            assertThat(r.json().get("versao").asLong()).isGreaterThan(versao);
            versao = r.json().get("versao").asLong();
        }
        Resposta rastreio = patch(loja, id, """
                {"status":"ENVIADO","tempoEntrega":"40 min","codigoRastreio":"BR123","urlRastreio":"https://r.example/BR123"}""");
        assertThat(rastreio.status()).isEqualTo(200);
        assertThat(rastreio.texto("tempoEntrega")).isEqualTo("40 min");
        assertThat(rastreio.texto("codigoRastreio")).isEqualTo("BR123");
        assertThat(rastreio.texto("urlRastreio")).isEqualTo("https://r.example/BR123");

        Resposta mantem = patch(loja, id, "{\"status\":\"ENVIADO\",\"codigoRastreio\":null}");
        assertThat(mantem.texto("tempoEntrega")).as("ausente mantém").isEqualTo("40 min");
        assertThat(mantem.json().get("codigoRastreio").isNull()).as("null apaga").isTrue();

        String[] invalidos = {"{}", "{\"status\":null}", "{\"status\":\"PERDIDO\"}", "{\"status\":\"enviado\"}",
                "{\"status\":\"ENVIADO\",\"urlRastreio\":\"javascript:alert(1)\"}",
                "{\"status\":\"ENVIADO\",\"pagamentoStatus\":\"QUITADO\"}", "{\"status\":1}"};
        for (String corpo : invalidos) {
            Resposta r = patch(loja, id, corpo);
            assertThat(r.status()).as(corpo + " -> " + r).isEqualTo(400);
        }
        Resposta pago = patch(loja, id, "{\"status\":\"ENTREGUE\",\"pagamentoStatus\":\"PAGO\"}");
        assertThat(pago.status()).isEqualTo(200);
        assertThat(pago.texto("pagamentoStatus")).isEqualTo("PAGO");
        assertThat(pago.texto("status")).isEqualTo("ENTREGUE");
    }

    @Test
    void excluirSoPedidoCanceladoEONumeroNaoVoltaAoUso() {
        String cafe = produto(loja, "Café", "10", "");
        String id = pedidoBalcao(loja, "[" + item(cafe, "1") + "]").texto("id");

        Resposta ativo = api.delete("/v1/pedidos/" + id).token(loja.token()).enviar();
        assertThat(ativo.status()).isEqualTo(409);
        assertThat(ativo.texto("erro")).contains("CANCELADO");

        patch(loja, id, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"teste\"}");
        Resposta excluido = api.delete("/v1/pedidos/" + id).token(loja.token()).enviar();
        assertThat(excluido.status()).as(excluido.toString()).isEqualTo(200);
        assertThat(excluido.json().get("ok").asBoolean()).isTrue();
        assertThat(excluido.json().get("numero").asLong()).isEqualTo(1);
        assertThat(excluido.texto("mensagem")).isNotBlank();

        assertThat(api.get("/v1/pedidos/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.delete("/v1/pedidos/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(patch(loja, id, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"x\"}").status()).isEqualTo(404);
        assertThat(api.get("/v1/pedidos").token(loja.token()).enviar().json().get("pedidos").size()).isZero();
        assertThat(pedidoBalcao(loja, "[" + item(cafe, "1") + "]").json().get("numero").asLong()).isEqualTo(2);
    }

    @Test
    void listaMaisNovosPrimeiroComFiltrosEPaginas() throws Exception {
        String cafe = produto(loja, "Café", "10", "");
        String[] ids = new String[5];
        for (int i = 0; i < 5; i++) {
            ids[i] = pedidoBalcao(loja, "[" + item(cafe, "1") + "]").texto("id");
        }
        patch(loja, ids[1], "{\"status\":\"ENVIADO\"}");
        patch(loja, ids[3], "{\"status\":\"ENVIADO\"}");

        JsonNode todos = api.get("/v1/pedidos?limite=2").token(loja.token()).enviar().json();
        assertThat(todos.get("pedidos").size()).isEqualTo(2);
        assertThat(todos.get("pedidos").get(0).get("numero").asLong()).isEqualTo(5);
        assertThat(todos.get("pedidos").get(1).get("numero").asLong()).isEqualTo(4);
        assertThat(todos.get("pedidos").get(0).get("itens").size()).isEqualTo(1);
        JsonNode paginacao = todos.get("paginacao");
        assertThat(paginacao.get("page").asInt()).isEqualTo(1);
        assertThat(paginacao.get("limite").asInt()).isEqualTo(2);
        assertThat(paginacao.get("total").asLong()).isEqualTo(5);
        assertThat(paginacao.get("totalPaginas").asLong()).isEqualTo(3);
        JsonNode ultima = api.get("/v1/pedidos?limite=2&page=3").token(loja.token()).enviar().json();
        assertThat(ultima.get("pedidos").get(0).get("numero").asLong()).isEqualTo(1);

        JsonNode enviados = api.get("/v1/pedidos?status=ENVIADO").token(loja.token()).enviar().json();
        assertThat(enviados.get("pedidos").findValuesAsText("numero")).containsExactly("4", "2");

        String criado = api.get("/v1/pedidos/" + ids[2]).token(loja.token()).enviar().texto("criadoEm");
        JsonNode desde = api.get("/v1/pedidos?desde=" + criado).token(loja.token()).enviar().json();
        assertThat(desde.get("pedidos").findValuesAsText("numero")).containsExactly("5", "4", "3");
        JsonNode ate = api.get("/v1/pedidos?ate=" + criado).token(loja.token()).enviar().json();
        assertThat(ate.get("pedidos").findValuesAsText("numero")).containsExactly("3", "2", "1");
        String comFuso = java.time.OffsetDateTime.parse(criado).atZoneSameInstant(java.time.ZoneOffset.ofHours(-3))
                                                 .toOffsetDateTime().toString();
        JsonNode comOffset = api.get("/v1/pedidos?desde=" + comFuso.replace("+", "%2B")).token(loja.token())
                                .enviar().json();
        assertThat(comOffset.get("pedidos").size()).isEqualTo(3);

        for (String consulta : new String[]{"limite=0", "limite=101", "page=0", "status=PERDIDO", "desde=ontem",
                "ate=2026-13-01T00:00:00Z", "desde=%2B300000-01-01T00:00:00Z",
                "ate=-5000-01-01T00:00:00Z", "desde=2026-11-21T10:00:00Z&ate=2026-11-20T10:00:00Z", "page=x"}) {
            Resposta r = api.get("/v1/pedidos?" + consulta).token(loja.token()).enviar();
            assertThat(r.status()).as(consulta + " -> " + r).isEqualTo(400);
            assertThat(r.texto("erro")).isNotBlank();
        }
    }

    @Test
    void outraLojaNaoVeNemAlteraOPedido() {
        LojaDeTeste outra = novaLoja();
        String cafe = produtoComEstoque(loja, "Café", "10", "5");
        String id = pedidoBalcao(loja, "[" + item(cafe, "1") + "]").texto("id");

        assertThat(api.get("/v1/pedidos/" + id).token(outra.token()).enviar().status()).isEqualTo(404);
        assertThat(api.metodo("PATCH", "/v1/pedidos/" + id).token(outra.token())
                      .json("{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"x\"}").enviar().status()).isEqualTo(404);
        assertThat(api.delete("/v1/pedidos/" + id).token(outra.token()).enviar().status()).isEqualTo(404);
        assertThat(api.get("/v1/pedidos").token(outra.token()).enviar().json().get("pedidos").size()).isZero();
        assertThat(api.get("/v1/pedidos/nao-e-um-id").token(loja.token()).enviar().status()).isEqualTo(404);
        Resposta meu = api.get("/v1/pedidos/" + id).token(loja.token()).enviar();
        assertThat(meu.texto("status")).isEqualTo("PENDENTE");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo(new BigDecimal("4"));
    }
}
