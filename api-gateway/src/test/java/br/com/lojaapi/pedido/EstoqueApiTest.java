package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EstoqueApiTest extends TesteDePedidos {

    private Resposta movimento(LojaDeTeste loja, String json) {
        return api.post("/v1/estoque").token(loja.token()).json(json).enviar();
    }

    private Resposta lote(LojaDeTeste loja, String movimentos) {
        return api.post("/v1/estoque/lote").token(loja.token()).json("{\"movimentos\":" + movimentos + "}").enviar();
    }

    @Test
    void entradaSaidaEAjusteRespondemOAntesEODepois() {
        String cafe = produtoComEstoque(loja, "Café", "10", "10");

        Resposta entrada = movimento(loja, "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"ENTRADA\",\"quantidade\":2.5,"
                + "\"observacao\":\"nota 123\"}");
        assertThat(entrada.status()).as(entrada.toString()).isEqualTo(200);
        JsonNode m = entrada.json();
        assertThat(m.get("movimentoId").asText()).isNotBlank();
        assertThat(m.get("produtoId").asText()).isEqualTo(cafe);
        assertThat(m.get("variacaoId").isNull()).isTrue();
        assertThat(m.get("tipo").asText()).isEqualTo("ENTRADA");
        assertThat(m.get("quantidade").decimalValue()).isEqualByComparingTo("2.5");
        assertThat(m.get("quantidadeAnterior").decimalValue()).isEqualByComparingTo("10");
        assertThat(m.get("quantidadeAtual").decimalValue()).isEqualByComparingTo("12.5");
        assertThat(m.get("criadoEm").asText()).isNotBlank();
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("12.5");

        Resposta saida = movimento(loja, "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"SAIDA\",\"quantidade\":2}");
        assertThat(saida.json().get("quantidadeAtual").decimalValue()).isEqualByComparingTo("10.5");
        Resposta ajuste = movimento(loja, "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"AJUSTE\",\"quantidade\":4}");
        assertThat(ajuste.json().get("quantidadeAnterior").decimalValue()).isEqualByComparingTo("10.5");
        assertThat(ajuste.json().get("quantidadeAtual").decimalValue()).isEqualByComparingTo("4");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("4");
    }

    @Test
    void saidaQueDeixariaOEstoqueNegativoDa400() {
        String cafe = produtoComEstoque(loja, "Café", "10", "3");
        Resposta r = movimento(loja, "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"SAIDA\",\"quantidade\":3.001}");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.texto("erro")).contains("Estoque insuficiente");
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("3");

        String livre = produto(loja, "Embrulho", "1", "");
        Resposta negativo = movimento(loja, "{\"produtoId\":\"" + livre + "\",\"tipo\":\"SAIDA\",\"quantidade\":2}");
        assertThat(negativo.status()).as("sem controle de estoque a saída não é conferida").isEqualTo(200);
        assertThat(estoque(loja, livre)).isEqualByComparingTo("-2");
        Resposta ajusteNegativo = movimento(loja, "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"AJUSTE\",\"quantidade\":-1}");
        assertThat(ajusteNegativo.status()).isEqualTo(400);
        assertThat(movimento(loja, "{\"produtoId\":\"" + livre + "\",\"tipo\":\"AJUSTE\",\"quantidade\":-5}")
                .status()).isEqualTo(200);
        assertThat(estoque(loja, livre)).isEqualByComparingTo("-5");
    }

    @Test
    void movimentoDeVariacao() {
        String camiseta = produto(loja, "Camiseta", "50", "\"controlaEstoque\":true,\"variacoes\":["
                + "{\"nome\":\"P\",\"valor1\":\"P\",\"quantidadeEstoque\":3},{\"nome\":\"M\",\"valor1\":\"M\",\"quantidadeEstoque\":4}]");
        String p = api.get("/v1/produtos/" + camiseta).token(loja.token()).enviar().json().get("variacoes").get(0)
                      .get("id").asText();
        Resposta r = movimento(loja, "{\"produtoId\":\"" + camiseta + "\",\"variacaoId\":\"" + p
                + "\",\"tipo\":\"ENTRADA\",\"quantidade\":5}");
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        assertThat(r.texto("variacaoId")).isEqualTo(p);
        assertThat(r.json().get("quantidadeAnterior").decimalValue()).isEqualByComparingTo("3");
        assertThat(r.json().get("quantidadeAtual").decimalValue()).isEqualByComparingTo("8");
        JsonNode produto = api.get("/v1/produtos/" + camiseta).token(loja.token()).enviar().json();
        assertThat(produto.get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("12");
        assertThat(produto.get("variacoes").get(0).get("quantidadeEstoque").decimalValue()).isEqualByComparingTo("8");

        assertThat(movimento(loja, "{\"produtoId\":\"" + camiseta + "\",\"tipo\":\"ENTRADA\",\"quantidade\":1}")
                .status()).as("produto com variações exige variacaoId").isEqualTo(400);
    }

    @Test
    void entradaInvalidaOuProdutoAlheioDa400() {
        LojaDeTeste outra = novaLoja();
        String cafe = produtoComEstoque(loja, "Café", "10", "3");
        String alheio = produtoComEstoque(outra, "Chá", "10", "3");
        String[] invalidos = {
                "{\"tipo\":\"ENTRADA\",\"quantidade\":1}",
                "{\"produtoId\":\"" + alheio + "\",\"tipo\":\"ENTRADA\",\"quantidade\":1}",
                "{\"produtoId\":\"" + java.util.UUID.randomUUID() + "\",\"tipo\":\"ENTRADA\",\"quantidade\":1}",
                "{\"produtoId\":\"abc\",\"tipo\":\"ENTRADA\",\"quantidade\":1}",
                "{\"produtoId\":\"" + cafe + "\",\"quantidade\":1}",
                "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"ROUBO\",\"quantidade\":1}",
                "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"ENTRADA\"}",
                "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"ENTRADA\",\"quantidade\":-1}",
                "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"ENTRADA\",\"quantidade\":0}",
                "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"ENTRADA\",\"quantidade\":\"1\"}",
                "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"ENTRADA\",\"quantidade\":1e30}",
                "{\"produtoId\":\"" + cafe + "\",\"tipo\":\"ENTRADA\",\"quantidade\":1,\"variacaoId\":\"x\"}",
        };
        for (String corpo : invalidos) {
            Resposta r = movimento(loja, corpo);
            assertThat(r.status()).as(corpo + " -> " + r).isEqualTo(400);
            assertThat(r.texto("erro")).isNotBlank();
        }
        assertThat(estoque(loja, cafe)).isEqualByComparingTo("3");
        assertThat(estoque(outra, alheio)).isEqualByComparingTo("3");
    }

    @Test
    void loteAplicaTudoNaOrdemOuNada() {
        String a = produto(loja, "A", "1", "\"controlaEstoque\":true,\"quantidadeEstoque\":5,\"codIntegracao\":901");
        String b = produto(loja, "B", "1", "\"controlaEstoque\":true,\"quantidadeEstoque\":5,\"sku\":\"B-1\"");

        Resposta falha = lote(loja, "[{\"produtoId\":\"" + a + "\",\"tipo\":\"ENTRADA\",\"quantidade\":1},"
                + "{\"codIntegracao\":901,\"tipo\":\"SAIDA\",\"quantidade\":2},"
                + "{\"sku\":\"B-1\",\"tipo\":\"SAIDA\",\"quantidade\":6}]");
        assertThat(falha.status()).isEqualTo(400);
        assertThat(falha.json().get("indice").asInt()).isEqualTo(2);
        assertThat(falha.texto("erro")).startsWith("movimentos[2]");
        assertThat(estoque(loja, a)).isEqualByComparingTo("5");
        assertThat(estoque(loja, b)).isEqualByComparingTo("5");

        Resposta ok = lote(loja, "[{\"produtoId\":\"" + a + "\",\"tipo\":\"ENTRADA\",\"quantidade\":1},"
                + "{\"codIntegracao\":901,\"tipo\":\"SAIDA\",\"quantidade\":2},"
                + "{\"sku\":\"B-1\",\"tipo\":\"AJUSTE\",\"quantidade\":9}]");
        assertThat(ok.status()).as(ok.toString()).isEqualTo(200);
        JsonNode movimentos = ok.json().get("movimentos");
        assertThat(movimentos.size()).isEqualTo(3);
        assertThat(movimentos.get(1).get("produtoId").asText()).isEqualTo(a);
        assertThat(movimentos.get(1).get("quantidadeAnterior").decimalValue()).isEqualByComparingTo("6");
        assertThat(movimentos.get(1).get("quantidadeAtual").decimalValue()).isEqualByComparingTo("4");
        assertThat(movimentos.get(2).get("produtoId").asText()).isEqualTo(b);
        assertThat(estoque(loja, a)).isEqualByComparingTo("4");
        assertThat(estoque(loja, b)).isEqualByComparingTo("9");
    }

    @Test
    void loteForaDosLimitesOuComElementoInvalidoDa400ComIndice() {
        String a = produtoComEstoque(loja, "A", "1", "5");
        assertThat(lote(loja, "[]").status()).isEqualTo(400);
        assertThat(api.post("/v1/estoque/lote").token(loja.token()).json("{}").enviar().status()).isEqualTo(400);
        String um = "{\"produtoId\":\"" + a + "\",\"tipo\":\"ENTRADA\",\"quantidade\":1}";
        assertThat(lote(loja, "[" + String.join(",", java.util.Collections.nCopies(501, um)) + "]").status())
                .isEqualTo(400);

        Resposta semTipo = lote(loja, "[" + um + ",{\"produtoId\":\"" + a + "\",\"quantidade\":1}]");
        assertThat(semTipo.status()).isEqualTo(400);
        assertThat(semTipo.json().get("indice").asInt()).isEqualTo(1);
        Resposta desconhecido = lote(loja, "[" + um + ",{\"codIntegracao\":12345,\"tipo\":\"ENTRADA\",\"quantidade\":1}]");
        assertThat(desconhecido.status()).isEqualTo(400);
        assertThat(desconhecido.json().get("indice").asInt()).isEqualTo(1);
        assertThat(estoque(loja, a)).isEqualByComparingTo("5");

        Resposta primeiroErrado = lote(loja, "[{\"produtoId\":\"" + a + "\",\"tipo\":\"ENTRADA\",\"quantidade\":0},"
                + um + ",{\"sku\":\"nao-existe\",\"tipo\":\"ENTRADA\",\"quantidade\":1}]");
        assertThat(primeiroErrado.status()).isEqualTo(400);
        assertThat(primeiroErrado.json().get("indice").asInt()).as("o primeiro elemento errado").isZero();
        Resposta tipoErrado = lote(loja, "[" + um + ",{\"produtoId\":\"" + a + "\",\"tipo\":\"ENTRADA\",\"quantidade\":\"x\"}]");
        assertThat(tipoErrado.status()).isEqualTo(400);
        assertThat(tipoErrado.texto("erro")).contains("movimentos[1].quantidade");
        assertThat(tipoErrado.json().get("indice").asInt()).isEqualTo(1);
        Resposta vazio = lote(loja, "[{\"produtoId\":\"\",\"sku\":\"\",\"tipo\":\"ENTRADA\",\"quantidade\":1}]");
        assertThat(vazio.status()).isEqualTo(400);
        assertThat(vazio.texto("erro")).contains("produtoId, codIntegracao ou sku");

        Resposta quinhentos = lote(loja, "[" + String.join(",", java.util.Collections.nCopies(500, um)) + "]");
        assertThat(quinhentos.status()).as(quinhentos.toString()).isEqualTo(200);
        assertThat(estoque(loja, a)).isEqualByComparingTo("505");
    }
}
