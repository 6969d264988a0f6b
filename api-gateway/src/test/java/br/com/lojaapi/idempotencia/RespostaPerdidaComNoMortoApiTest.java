package br.com.lojaapi.idempotencia;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.NoEmOutroProcesso;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lost answer for real: a node in a process of its own commits an order and, while the answer waits for the
 * read model, is killed with SIGKILL. The retry on the other node is not run again: it gets 409 with the order's
 * Location, recorded by the dead node's own commit, and a GET there shows the order.
 */
class RespostaPerdidaComNoMortoApiTest extends TesteDeApi {

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private DataSource banco;

    @Test
    void pedidoDeUmNoMortoDepoisDoCommitEEncontradoPeloLocationDo409() throws Exception {
        LojaDeTeste loja = novaLoja();
        Resposta produto = api.post("/v1/produtos").token(loja.token()).json(
                "{\"nome\":\"Café\",\"preco\":10,\"controlaEstoque\":true,\"quantidadeEstoque\":10}").enviar();
        assertThat(produto.status()).as(produto.toString()).isEqualTo(201);
        String cafe = produto.texto("id");
        String chave = UUID.randomUUID().toString();
        String corpo = "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + cafe
                + "\",\"quantidade\":2}]}";

        Map<String, Object> propriedades = new HashMap<>(OutroNo.SEM_LIMITES);
        // The answer waits for the read model for as long as the test needs to kill the node meanwhile.
        propriedades.put("loja.leitura.limite", "5m");
        propriedades.put("loja.nos.nome", "morto");
        NoEmOutroProcesso morto = NoEmOutroProcesso.iniciar("resposta-perdida", BancoDeTestes.url(), propriedades);
        try (Connection trava = banco.getConnection()) {
            morto.aguardarPronto();
            // No projection, on either node, writes an order until this transaction ends: the order commits, and
            // its answer then waits.
            trava.setAutoCommit(false);
            try (Statement sql = trava.createStatement()) {
                sql.execute("LOCK TABLE pedido_view IN EXCLUSIVE MODE");
            }
            CompletableFuture<Resposta> semResposta = CompletableFuture.supplyAsync(() -> morto.cliente()
                    .post("/v1/pedidos").token(loja.token()).cabecalho("Idempotency-Key", chave).json(corpo).enviar());
            esperar(() -> Boolean.TRUE.equals(efetivada(loja.id(), chave)));
            morto.matar();
            assertThat(semResposta).failsWithin(Duration.ofSeconds(30));
            trava.rollback();
        } finally {
            morto.close();
        }
        assertThat(jdbc.queryForObject("SELECT estado FROM idempotencia WHERE loja_id = ? AND chave = ?",
                String.class, loja.id(), chave)).isEqualTo("em_andamento");
        // Two minutes later (IDEMPOTENCY_KEY_ABANDON_AFTER), as far as the claim can tell.
        jdbc.update("UPDATE idempotencia SET criada_em = now() - interval '1 hour' WHERE loja_id = ? AND chave = ?",
                loja.id(), chave);

        Resposta perdida = api.post("/v1/pedidos").token(loja.token()).cabecalho("Idempotency-Key", chave).json(corpo)
                              .enviar();

        assertThat(perdida.status()).as(perdida.toString()).isEqualTo(409);
        String local = perdida.cabecalho("Location");
        assertThat(local).startsWith("/v1/pedidos/").isEqualTo(perdida.texto("local"))
                         .isEqualTo("/v1/pedidos/" + perdida.texto("id"));
        // The dead node's segments pass to this node after the claim timeout; then the order shows.
        Supplier<Resposta> lido = () -> api.get(local).token(loja.token()).enviar();
        esperar(() -> lido.get().status() == 200);
        Resposta pedido = lido.get();
        assertThat(pedido.texto("id")).isEqualTo(perdida.texto("id"));
        List<Long> pedidos = jdbc.queryForList("SELECT numero FROM pedido_view WHERE loja_id = ?", Long.class,
                loja.id());
        assertThat(pedidos).as("um pedido só: a retentativa não o criou de novo").hasSize(1);
        assertThat(pedido.json().get("numero").asLong()).isEqualTo(pedidos.get(0));
        Supplier<BigDecimal> estoque = () -> api.get("/v1/produtos/" + cafe).token(loja.token()).enviar()
                                                         .json().get("quantidadeEstoque").decimalValue();
        esperar(() -> estoque.get().compareTo(BigDecimal.TEN) != 0);
        assertThat(estoque.get()).as("baixado uma vez").isEqualByComparingTo("8");
    }

    private Boolean efetivada(String lojaId, String chave) {
        List<Boolean> linha = jdbc.queryForList("SELECT efetivada FROM idempotencia WHERE loja_id = ? AND chave = ?",
                Boolean.class, lojaId, chave);
        return linha.isEmpty() ? null : linha.get(0);
    }

    private static void esperar(BooleanSupplier condicao) throws InterruptedException {
        for (int i = 0; i < 1200 && !condicao.getAsBoolean(); i++) {
            Thread.sleep(50);
        }
        assertThat(condicao.getAsBoolean()).as("condição esperada em 60 s").isTrue();
    }
}
