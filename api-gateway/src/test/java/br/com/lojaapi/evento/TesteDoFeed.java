package br.com.lojaapi.evento;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaSubstituidaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalAtualizadaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalCanceladaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** Reading GET /v1/eventos as a client does, and what the event store says the feed must hold. */
abstract class TesteDoFeed extends TesteDeApi {

    static final Duration ESPERA = Duration.ofSeconds(60);

    /** Every event class a webhook kind carries. */
    private static final String[] TIPOS_DO_FEED = Stream.of(PedidoCriadoEvent.class,
            StatusDoPedidoAlteradoEvent.class, PedidoCanceladoEvent.class, PedidoPagoEvent.class,
            PedidoEditadoEvent.class, ClienteCriadoEvent.class, ProdutoAtualizadoEvent.class,
            ProdutoRemovidoEvent.class, EstoqueBaixoEvent.class, NotaFiscalRegistradaEvent.class,
            NotaFiscalAtualizadaEvent.class, NotaFiscalCanceladaEvent.class, NotaFiscalRemovidaEvent.class,
            EtiquetaRegistradaEvent.class, EtiquetaSubstituidaEvent.class, EtiquetaRemovidaEvent.class)
            .map(Class::getName).toArray(String[]::new);

    @Autowired
    JdbcTemplate jdbc;

    /** An event of the store in the event store: what the feed must list once. */
    record Gravado(String id, String agregado, long sequencia, long indiceGlobal) {
    }

    /** One event read from the feed. */
    record Lido(String id, long cursor, String evento, JsonNode item) {
    }

    /** A page and the cursor it ends at. */
    record Pagina(List<Lido> eventos, String cursor, boolean temMais) {
    }

    /** The store's events of webhook kinds, in global index order. */
    List<Gravado> gravados(String lojaId) {
        return jdbc.query("""
                SELECT event_identifier, aggregate_identifier, sequence_number, global_index FROM (
                    SELECT *, convert_from(payload, 'UTF8')::jsonb AS p FROM domain_event_entry
                     WHERE payload_type = ANY(?)) e
                 WHERE coalesce(p ->> 'lojaId', p -> 'nota' ->> 'lojaId', p -> 'etiqueta' ->> 'lojaId') = ?
                 ORDER BY global_index""",
                (rs, n) -> new Gravado(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4)),
                TIPOS_DO_FEED, lojaId);
    }

    Resposta ler(ClienteHttp cliente, LojaDeTeste loja, String consulta) {
        return cliente.get("/v1/eventos" + consulta).token(loja.token()).enviar();
    }

    Pagina pagina(ClienteHttp cliente, LojaDeTeste loja, String consulta) {
        Resposta resposta = ler(cliente, loja, consulta);
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
        JsonNode corpo = resposta.json();
        List<Lido> lidos = new ArrayList<>();
        for (JsonNode item : corpo.get("eventos")) {
            lidos.add(new Lido(item.get("id").asText(), Long.parseLong(item.get("cursor").asText()),
                    item.get("evento").asText(), item));
        }
        return new Pagina(lidos, corpo.get("cursor").asText(), corpo.get("temMais").asBoolean());
    }

    /** Page after page from {@code apos} until the feed says there is no more; the cursor where it stopped. */
    String lerAteOFim(ClienteHttp cliente, LojaDeTeste loja, String apos, int limite, List<Lido> destino) {
        String cursor = apos;
        while (true) {
            Pagina pagina = pagina(cliente, loja, "?apos=" + cursor + "&limite=" + limite);
            destino.addAll(pagina.eventos());
            cursor = pagina.cursor();
            if (!pagina.temMais()) {
                return cursor;
            }
        }
    }

    /** Reads from {@code apos} until the feed holds every event the store has stored (the processor lags). */
    List<Lido> lerTudo(ClienteHttp cliente, LojaDeTeste loja, String apos, int esperados) {
        long fim = System.nanoTime() + ESPERA.toNanos();
        List<Lido> lidos = new ArrayList<>();
        String cursor = apos;
        while (System.nanoTime() < fim) {
            cursor = lerAteOFim(cliente, loja, cursor, 37, lidos);
            if (lidos.size() >= esperados) {
                return lidos;
            }
            pausar(100);
        }
        return fail("esperava " + esperados + " eventos no feed; lidos " + lidos.size());
    }

    static List<String> ids(List<Lido> lidos) {
        return lidos.stream().map(Lido::id).toList();
    }

    /** An order of one unit of the product; returns its id. */
    static String pedido(ClienteHttp cliente, LojaDeTeste loja, String produto) {
        Resposta criado = cliente.post("/v1/pedidos").token(loja.token()).json(
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + produto
                + "\",\"quantidade\":1}]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    static void alterar(ClienteHttp cliente, LojaDeTeste loja, String pedido, String json) {
        Resposta alterado = cliente.metodo("PATCH", "/v1/pedidos/" + pedido).token(loja.token()).json(json).enviar();
        assertThat(alterado.status()).as(alterado.toString()).isEqualTo(200);
    }

    static String produto(ClienteHttp cliente, LojaDeTeste loja) {
        Resposta criado = cliente.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Café\",\"preco\":10}")
                                 .enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    /** {@code vezes} orders, each confirmed and paid, every third cancelled: 3 or 5 feed events each. */
    static void escrever(ClienteHttp cliente, LojaDeTeste loja, int vezes) {
        String produto = produto(cliente, loja);
        for (int i = 0; i < vezes; i++) {
            String pedido = pedido(cliente, loja, produto);
            alterar(cliente, loja, pedido, "{\"status\":\"CONFIRMADO\",\"pagamentoStatus\":\"PAGO\"}");
            if (i % 3 == 0) {
                alterar(cliente, loja, pedido, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"teste\"}");
            }
        }
    }

    static void pausar(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
