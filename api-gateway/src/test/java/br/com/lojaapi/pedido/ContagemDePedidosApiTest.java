package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The total of an order page (paginacao.total) is the store's kept count (decision 092): it follows every creation,
 * status change and deletion of the store's orders and only of them, stays exact while nodes fold the count
 * concurrently with the writes, and a page bounded by dates still counts its dates.
 */
class ContagemDePedidosApiTest extends TesteDeApi {

    private static final List<String> STATUS = List.of("PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENTREGUE",
            "CANCELADO");

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void oTotalSegueCriacoesMudancasDeStatusEExclusoesDaLojaEDeNenhumaOutra() {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();
        String produto = produto(loja);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(pedidoNoBalcao(loja, produto));
        }
        String daOutra = produto(outra);
        pedidoNoBalcao(outra, daOutra);
        pedidoNoBalcao(outra, daOutra);
        mudar(loja, ids.get(0), "{\"status\":\"CONFIRMADO\"}");
        mudar(loja, ids.get(1), "{\"status\":\"CONFIRMADO\"}");
        mudar(loja, ids.get(1), "{\"status\":\"PREPARANDO\"}");
        mudar(loja, ids.get(2), "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");
        mudar(loja, ids.get(3), "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}");
        // edits of what the count does not depend on change nothing in it
        mudar(loja, ids.get(0), "{\"status\":\"CONFIRMADO\",\"codigoRastreio\":\"BR1\"}");
        Resposta excluido = api.delete("/v1/pedidos/" + ids.get(3)).token(loja.token()).enviar();
        assertThat(excluido.status()).as(excluido.toString()).isEqualTo(200);

        Map<String, Long> esperado = new TreeMap<>(Map.of("todos", 4L, "PENDENTE", 1L, "CONFIRMADO", 1L,
                "PREPARANDO", 1L, "PRONTO", 0L, "ENTREGUE", 0L, "CANCELADO", 1L));
        Map<String, Long> daOutraLoja = new TreeMap<>(Map.of("todos", 2L, "PENDENTE", 2L, "CONFIRMADO", 0L,
                "PREPARANDO", 0L, "PRONTO", 0L, "ENTREGUE", 0L, "CANCELADO", 0L));
        assertThat(totais(loja)).isEqualTo(esperado);
        assertThat(totais(outra)).isEqualTo(daOutraLoja);

        dobrarContagens();
        assertThat(totais(loja)).as("depois de dobrar as mudanças").isEqualTo(esperado);
        assertThat(totais(outra)).isEqualTo(daOutraLoja);
        assertThat(jdbc.queryForObject("""
                SELECT COALESCE(MAX(n), 0) FROM (SELECT COUNT(*) AS n FROM pedido_contagem WHERE loja_id = ?
                                                  GROUP BY status) g""", Long.class, loja.id()))
                .as("linhas por status depois de dobrar").isLessThanOrEqualTo(1L);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM pedido_contagem WHERE loja_id = ? AND NOT dobrada",
                                       Long.class, loja.id()))
                .as("mudanças ainda por dobrar").isZero();

        Resposta pagina = api.get("/v1/pedidos?limite=3").token(loja.token()).enviar();
        assertThat(pagina.json().get("paginacao").get("totalPaginas").asLong()).isEqualTo(2);
        assertThat(pagina.json().get("pedidos")).hasSize(3);
        // a page bounded by dates counts the orders in them
        assertThat(total(loja, "desde=2000-01-01T00:00:00Z")).isEqualTo(4);
        assertThat(total(loja, "status=CANCELADO&ate=2999-01-01T00:00:00Z")).isEqualTo(1);
        assertThat(total(loja, "desde=" + Instant.now().plusSeconds(3600))).isZero();
    }

    /**
     * Two nodes' folds (two connections, over and over) while orders arrive and change: no page ever shows a total
     * below one shown before it (a fold is one statement), and the totals end exact.
     */
    @Test
    void dobrasConcorrentesComEscritasNuncaPerdemNemMostramMenos() throws Exception {
        LojaDeTeste loja = novaLoja();
        String produto = produto(loja);
        ExecutorService fios = Executors.newFixedThreadPool(6);
        AtomicBoolean escrevendo = new AtomicBoolean(true);
        ConcurrentLinkedQueue<String> confirmados = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> pendentes = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> quedas = new ConcurrentLinkedQueue<>();
        try {
            List<Future<?>> escritores = new ArrayList<>();
            for (int e = 0; e < 3; e++) {
                escritores.add(fios.submit(() -> {
                    for (int i = 0; i < 12; i++) {
                        String id = pedidoNoBalcao(loja, produto);
                        if (i % 2 == 0) {
                            mudar(loja, id, "{\"status\":\"CONFIRMADO\"}");
                            confirmados.add(id);
                        } else {
                            pendentes.add(id);
                        }
                    }
                    return null;
                }));
            }
            List<Future<?>> outros = new ArrayList<>();
            for (int n = 0; n < 2; n++) {
                outros.add(fios.submit(() -> {
                    while (escrevendo.get()) {
                        dobrarContagens();
                    }
                    return null;
                }));
            }
            outros.add(fios.submit(() -> {
                long visto = 0;
                while (escrevendo.get()) {
                    long agora = total(loja, "limite=1");
                    if (agora < visto) {
                        quedas.add(visto + " -> " + agora);
                    }
                    visto = Math.max(visto, agora);
                }
                return null;
            }));
            for (Future<?> escritor : escritores) {
                escritor.get(5, TimeUnit.MINUTES);
            }
            escrevendo.set(false);
            for (Future<?> outro : outros) {
                outro.get(1, TimeUnit.MINUTES);
            }
        } finally {
            escrevendo.set(false);
            fios.shutdownNow();
        }
        assertThat(quedas).as("totais que diminuíram entre duas leituras").isEmpty();
        Map<String, Long> esperado = new TreeMap<>(Map.of("todos", 36L, "PENDENTE", (long) pendentes.size(),
                "CONFIRMADO", (long) confirmados.size(), "PREPARANDO", 0L, "PRONTO", 0L, "ENTREGUE", 0L,
                "CANCELADO", 0L));
        assertThat(totais(loja)).isEqualTo(esperado);
        dobrarContagens();
        assertThat(totais(loja)).isEqualTo(esperado);
    }

    /** The page's total without a filter ("todos") and with each status filter. */
    private Map<String, Long> totais(LojaDeTeste loja) {
        Map<String, Long> totais = new TreeMap<>();
        totais.put("todos", total(loja, "limite=1"));
        for (String status : STATUS) {
            totais.put(status, total(loja, "status=" + status));
        }
        return totais;
    }

    private long total(LojaDeTeste loja, String consulta) {
        Resposta pagina = api.get("/v1/pedidos?" + consulta).token(loja.token()).enviar();
        assertThat(pagina.status()).as(pagina.toString()).isEqualTo(200);
        JsonNode paginacao = pagina.json().get("paginacao");
        return paginacao.get("total").asLong();
    }

    private String produto(LojaDeTeste loja) {
        return api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Esfiha\",\"preco\":5}").enviar()
                  .texto("id");
    }


    private void mudar(LojaDeTeste loja, String id, String json) {
        Resposta mudado = api.metodo("PATCH", "/v1/pedidos/" + id).token(loja.token()).json(json).enviar();
        assertThat(mudado.status()).as(mudado.toString()).isEqualTo(200);
    }
}
