package br.com.lojaapi.operacao;

import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rebuild that goes wrong never touches the model in use: a copy emptied under it (what a PostgreSQL crash does
 * to its unlogged tables) makes it start again from the first event, and a projection that cannot apply an event
 * ends it as falhou with the copies dropped.
 */
class ReconstrucaoComFalhasApiTest extends TesteDeApi {

    private static final String COPIA = "reconstrucao_pedido_view";

    @Autowired
    private JdbcTemplate jdbc;

    private LojaDeTeste loja;
    private TreeMap<String, String> antes;

    @BeforeEach
    void pedidos() throws Exception {
        loja = novaLoja();
        String produto = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Coxinha\",\"preco\":6}")
                            .enviar().texto("id");
        // enough history that the rebuild is still running when the test reaches into its copy
        for (int lote = 0; lote < 5; lote++) {
            List<Resposta> criados = EmParalelo.executar(40, i -> api.post("/v1/pedidos").token(loja.token()).json(
                    "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Bia\"},\"itens\":[{\"produtoId\":\"" + produto
                    + "\",\"quantidade\":1}]}").enviar());
            assertThat(criados).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
        }
        antes = pedidosDaLoja();
        assertThat(antes).hasSize(200);
    }

    @Test
    void copiasEsvaziadasNoMeioRecomecamDoPrimeiroEventoEOModeloFicaInteiro() throws Exception {
        assertThat(api.post("/admin/projecoes/pedido-view/replay").token(ADMIN).enviar().status()).isEqualTo(202);
        // what a crash does to unlogged tables: everything the copy wrote is gone, its tokens are not
        aguardarCopiaComLinhas();
        jdbc.execute("TRUNCATE " + COPIA + ".pedido_view, " + COPIA + ".reconstrucao_intacta");

        JsonNode fim = aguardarFim();
        assertThat(fim.get("estado").asText()).as(fim.toString()).isEqualTo("concluida");
        assertThat(pedidosDaLoja()).isEqualTo(antes);
    }

    @Test
    void projecaoQueNaoAplicaUmEventoTerminaEmFalhaSemTocarNoModeloEmUso() throws Exception {
        assertThat(api.post("/admin/projecoes/pedido-view/replay").token(ADMIN).enviar().status()).isEqualTo(202);
        aguardarCopiaComLinhas();
        jdbc.execute("ALTER TABLE " + COPIA + ".pedido_view DROP COLUMN itens");

        JsonNode fim = aguardarFim();
        assertThat(fim.get("estado").asText()).as(fim.toString()).isEqualTo("falhou");
        assertThat(fim.get("erro").asText()).contains("modelo em uso não foi alterado").doesNotContain("SQL", "Exception");
        assertThat(jdbc.queryForObject("SELECT to_regnamespace('" + COPIA + "') IS NULL", Boolean.class)).isTrue();
        assertThat(pedidosDaLoja()).isEqualTo(antes);
        // the projection keeps working, and a new rebuild can start
        assertThat(api.post("/admin/projecoes/pedido-view/replay").token(ADMIN).enviar().status()).isEqualTo(202);
        assertThat(aguardarFim().get("estado").asText()).isEqualTo("concluida");
        assertThat(pedidosDaLoja()).isEqualTo(antes);
    }

    private void aguardarCopiaComLinhas() throws InterruptedException {
        Instant limite = Instant.now().plus(Duration.ofSeconds(30));
        while (Instant.now().isBefore(limite)) {
            if (Boolean.TRUE.equals(jdbc.queryForObject(
                    "SELECT to_regclass('" + COPIA + ".pedido_view') IS NOT NULL", Boolean.class))
                && jdbc.queryForObject("SELECT count(*) FROM " + COPIA + ".pedido_view", Long.class) > 0) {
                return;
            }
            Thread.sleep(5);
        }
        throw new AssertionError("a cópia não recebeu linhas");
    }

    private JsonNode aguardarFim() throws InterruptedException {
        Instant limite = Instant.now().plus(Duration.ofSeconds(120));
        while (Instant.now().isBefore(limite)) {
            for (JsonNode p : api.get("/admin/projecoes").token(ADMIN).enviar().json().get("projecoes")) {
                if (p.get("nome").asText().equals("pedido-view") && !p.get("reconstrucao").isNull()
                    && !p.get("reconstrucao").get("estado").asText().equals("reconstruindo")) {
                    return p.get("reconstrucao");
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("a reconstrução não terminou");
    }

    /** Every order of the store as GET /pedidos/{id} shows it, by id. */
    private TreeMap<String, String> pedidosDaLoja() {
        TreeMap<String, String> porId = new TreeMap<>();
        for (int pagina = 1; ; pagina++) {
            Resposta lista = api.get("/v1/pedidos?limite=100&page=" + pagina).token(loja.token()).enviar();
            assertThat(lista.status()).as(lista.toString()).isEqualTo(200);
            JsonNode pedidos = lista.json().get("pedidos");
            pedidos.forEach(p -> porId.put(p.get("id").asText(), p.toString()));
            if (pedidos.size() < 100) {
                return porId;
            }
        }
    }
}
