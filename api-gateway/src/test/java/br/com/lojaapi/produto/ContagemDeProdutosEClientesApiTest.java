package br.com.lojaapi.produto;

import br.com.lojaapi.apoio.Documentos;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The totals of product and customer pages (paginacao.total) are the store's kept counts (decision 093): a product
 * page's follows creations, category moves, availability, removals and no stock change, by category and
 * availability as the page filters; a customer page's follows new customers and not upserts of known ones; both only
 * of their store, the same before and after a fold, and a search still counts its matches.
 */
class ContagemDeProdutosEClientesApiTest extends TesteDeApi {

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void oTotalDaPaginaDeProdutosSegueOCatalogoDaLojaPorCategoriaEDisponibilidade() {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();
        String bebidas = novaCategoria(loja, "Bebidas");
        String doces = novaCategoria(loja, "Doces");
        String suco = produto(loja, "{\"nome\":\"Suco\",\"preco\":7,\"categoriaId\":\"" + bebidas + "\","
                                    + "\"controlaEstoque\":true,\"quantidadeEstoque\":10}");
        String agua = produto(loja, "{\"nome\":\"Água\",\"preco\":3,\"categoriaId\":\"" + bebidas + "\"}");
        String cha = produto(loja, "{\"nome\":\"Chá\",\"preco\":4,\"categoriaId\":\"" + bebidas + "\"}");
        String bolo = produto(loja, "{\"nome\":\"Bolo\",\"preco\":9,\"categoriaId\":\"" + doces + "\"}");
        produto(loja, "{\"nome\":\"Pudim\",\"preco\":8,\"categoriaId\":\"" + doces + "\",\"disponivel\":false}");
        produto(outra, "{\"nome\":\"Suco\",\"preco\":7}");
        produto(outra, "{\"nome\":\"Bolo\",\"preco\":9}");

        mudar(loja, cha, "{\"categoriaId\":\"" + doces + "\"}");
        mudar(loja, agua, "{\"disponivel\":false}");
        mudar(loja, bolo, "{\"preco\":10,\"quantidadeEstoque\":3}");
        Resposta removido = api.delete("/v1/produtos/" + bolo).token(loja.token()).enviar();
        assertThat(removido.status()).as(removido.toString()).isEqualTo(200);
        // a sale moves the stock, not the count
        pedidoNoBalcao(loja, suco);

        Map<String, Long> esperado = Map.of("limite=1", 4L, "categoriaId=" + bebidas, 2L, "categoriaId=" + doces, 2L,
                "apenasDisponiveis=true", 2L, "apenasDisponiveis=true&categoriaId=" + doces, 1L,
                "apenasDisponiveis=true&categoriaId=" + bebidas, 1L, "busca=suco", 1L, "busca=bolo", 0L);
        assertThat(totais(loja, "/v1/produtos?", esperado.keySet())).isEqualTo(esperado);
        assertThat(total(outra, "/v1/produtos?limite=1")).isEqualTo(2);

        dobrarContagens();
        assertThat(totais(loja, "/v1/produtos?", esperado.keySet())).as("depois de dobrar").isEqualTo(esperado);
        assertThat(total(outra, "/v1/produtos?limite=1")).isEqualTo(2);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM produto_contagem WHERE loja_id = ? AND NOT dobrada",
                                       Long.class, loja.id()))
                .as("mudanças ainda por dobrar").isZero();

        Resposta pagina = api.get("/v1/produtos?limite=3&page=2").token(loja.token()).enviar();
        assertThat(pagina.json().get("produtos")).hasSize(1);
        assertThat(pagina.json().get("paginacao").get("totalPaginas").asLong()).isEqualTo(2);
        Resposta alem = api.get("/v1/produtos?limite=3&page=5").token(loja.token()).enviar();
        assertThat(alem.json().get("produtos")).isEmpty();
        assertThat(alem.json().get("paginacao").get("total").asLong()).as("uma página além do fim").isEqualTo(4);
    }

    @Test
    void oTotalDaPaginaDeClientesContaOsClientesDaLojaENaoAsAtualizacoes() {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();
        String cpf = Documentos.cpf();
        cliente(loja, "Ana Souza", cpf, 201);
        cliente(loja, "Bruno Lima", Documentos.cpf(), 201);
        cliente(loja, "Carla Dias", Documentos.cpf(), 201);
        cliente(loja, "Ana Souza Costa", cpf, 200);
        cliente(outra, "Ana Souza", cpf, 201);

        Map<String, Long> esperado = Map.of("limite=1", 3L, "busca=souza", 1L, "busca=" + cpf, 1L, "busca=zzz", 0L);
        assertThat(totais(loja, "/v1/clientes?", esperado.keySet())).isEqualTo(esperado);
        assertThat(total(outra, "/v1/clientes?limite=1")).isEqualTo(1);
        dobrarContagens();
        assertThat(totais(loja, "/v1/clientes?", esperado.keySet())).as("depois de dobrar").isEqualTo(esperado);
        assertThat(total(outra, "/v1/clientes?limite=1")).isEqualTo(1);
    }

    /** A rebuild's copies keep their counts from the first event (their triggers), and swap them in. */
    @Test
    void aReconstrucaoTrocaContagensIguaisAsLinhasReconstruidas() throws Exception {
        LojaDeTeste loja = novaLoja();
        String lanches = novaCategoria(loja, "Lanches");
        for (int i = 0; i < 6; i++) {
            String id = produto(loja, "{\"nome\":\"Lanche " + i + "\",\"preco\":5,\"categoriaId\":\"" + lanches
                                      + "\",\"disponivel\":" + (i % 3 != 0) + "}");
            if (i == 4) {
                assertThat(api.delete("/v1/produtos/" + id).token(loja.token()).enviar().status()).isEqualTo(200);
            }
        }
        produto(loja, "{\"nome\":\"Avulso\",\"preco\":2}");
        for (int i = 0; i < 4; i++) {
            cliente(loja, "Cliente " + i, Documentos.cpf(), 201);
        }
        Map<String, Long> esperado = Map.of("/v1/produtos?limite=1", 6L, "/v1/produtos?categoriaId=" + lanches, 5L,
                "/v1/produtos?apenasDisponiveis=true&categoriaId=" + lanches, 3L, "/v1/clientes?limite=1", 4L);
        assertThat(totais(loja, "", esperado.keySet())).isEqualTo(esperado);

        reconstruirProjecao("produto-view");
        reconstruirProjecao("cliente-view");

        assertThat(totais(loja, "", esperado.keySet())).as("depois das reconstruções").isEqualTo(esperado);
        assertThat(jdbc.queryForList("""
                SELECT categoria_id || ' ' || disponivel || ' ' || SUM(quantidade) FROM produto_contagem
                 WHERE loja_id = ? GROUP BY categoria_id, disponivel HAVING SUM(quantidade) <> 0 ORDER BY 1""",
                String.class, loja.id()))
                .as("a contagem trocada com o modelo")
                .isEqualTo(jdbc.queryForList("""
                        SELECT categoria_id || ' ' || disponivel || ' ' || COUNT(*) FROM produto_view
                         WHERE loja_id = ? AND deletado_em IS NULL GROUP BY categoria_id, disponivel ORDER BY 1""",
                        String.class, loja.id()));
        assertThat(jdbc.queryForObject("SELECT SUM(quantidade) FROM cliente_contagem WHERE loja_id = ?", Long.class,
                                       loja.id())).isEqualTo(4L);
    }

    private Map<String, Long> totais(LojaDeTeste loja, String rota, Iterable<String> consultas) {
        Map<String, Long> totais = new LinkedHashMap<>();
        for (String consulta : consultas) {
            totais.put(consulta, total(loja, rota + consulta));
        }
        return totais;
    }

    private long total(LojaDeTeste loja, String caminho) {
        Resposta pagina = api.get(caminho).token(loja.token()).enviar();
        assertThat(pagina.status()).as(pagina.toString()).isEqualTo(200);
        return pagina.json().get("paginacao").get("total").asLong();
    }

    private String produto(LojaDeTeste loja, String json) {
        Resposta criado = api.post("/v1/produtos").token(loja.token()).json(json).enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private void mudar(LojaDeTeste loja, String id, String json) {
        Resposta mudado = api.put("/v1/produtos/" + id).token(loja.token()).json(json).enviar();
        assertThat(mudado.status()).as(mudado.toString()).isEqualTo(200);
    }

    private void cliente(LojaDeTeste loja, String nome, String cpf, int status) {
        Resposta resposta = api.post("/v1/clientes").token(loja.token())
                               .json("{\"nome\":\"" + nome + "\",\"documento\":\"" + cpf + "\"}").enviar();
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(status);
    }
}
