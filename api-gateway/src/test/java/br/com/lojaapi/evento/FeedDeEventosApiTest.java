package br.com.lojaapi.evento;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.SegundoNo;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /v1/eventos: every event of the store once, in commit order, from any cursor, on any node, and an event that
 * commits late still after the cursors already handed out.
 */
class FeedDeEventosApiTest extends TesteDoFeed {

    @RegisterExtension
    static final SegundoNo segundo = SegundoNo.semLimites();

    @Test
    void lidoDoZeroListaCadaEventoUmaVezEmOrdemSoDaLoja() throws Exception {
        LojaDeTeste a = novaLoja();
        LojaDeTeste b = novaLoja();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<?> deA = threads.submit(() -> escrever(api, a, 12));
            Future<?> deB = threads.submit(() -> escrever(segundo.cliente(), b, 12));
            deA.get();
            deB.get();
        } finally {
            threads.shutdown();
        }
        List<Gravado> deA = gravados(a.id());
        List<Gravado> deB = gravados(b.id());
        // 12 orders: created, status, paid; 4 of them also status and cancelled
        assertThat(deA).hasSize(12 * 3 + 4 * 2);

        List<Lido> lidos = lerTudo(api, a, "0", deA.size());
        pausar(500);
        lerAteOFim(api, a, Long.toString(lidos.get(lidos.size() - 1).cursor()), 100, lidos);
        assertThat(ids(lidos)).as("cada evento da loja uma vez").doesNotHaveDuplicates()
                              .containsExactlyInAnyOrderElementsOf(deA.stream().map(Gravado::id).toList());
        assertThat(lidos).extracting(Lido::cursor).isSortedAccordingTo(Comparator.naturalOrder());
        assertThat(lidos.stream().map(Lido::cursor).distinct().count()).isEqualTo(lidos.size());
        ordemDeCadaAgregadoPreservada(lidos, deA);
        assertThat(lidos.stream().collect(Collectors.groupingBy(Lido::evento, Collectors.counting())))
                .containsExactlyInAnyOrderEntriesOf(Map.of("pedido.criado", 12L, "pedido.status", 16L,
                        "pedido.pago", 12L, "pedido.cancelado", 4L));

        Set<String> idsDeB = deB.stream().map(Gravado::id).collect(Collectors.toSet());
        assertThat(ids(lidos)).doesNotContainAnyElementsOf(idsDeB);
        List<Lido> daB = lerTudo(segundo.cliente(), b, "0", deB.size());
        assertThat(ids(daB)).containsExactlyInAnyOrderElementsOf(idsDeB);

        List<Lido> semApos = new ArrayList<>();
        Pagina primeira = pagina(api, a, "");
        assertThat(primeira.eventos()).as("limite padrão 100").hasSize(deA.size());
        semApos.addAll(primeira.eventos());
        assertThat(ids(semApos)).as("sem apos é do início").isEqualTo(ids(lidos));
        assertThat(primeira.eventos().get(0).item().fieldNames()).toIterable()
                .containsExactly("id", "cursor", "evento", "criadoEm", "dados");
    }

    @Test
    void continuarDeUmCursorNoMeioDevolveExatamenteORestoComEscritasConcorrentes() throws Exception {
        LojaDeTeste loja = novaLoja();
        List<ClienteHttp> nos = List.of(api, segundo.cliente());
        int escritores = 8;
        int pedidosPorEscritor = 6;
        ExecutorService threads = Executors.newFixedThreadPool(escritores + 1);
        AtomicBoolean escrevendo = new AtomicBoolean(true);
        try {
            List<Future<?>> escritas = new ArrayList<>();
            for (int i = 0; i < escritores; i++) {
                ClienteHttp no = nos.get(i % 2);
                escritas.add(threads.submit(() -> escrever(no, loja, pedidosPorEscritor)));
            }
            // a client polling during the writes, page after page, each page from either node
            Future<Leitura> durante = threads.submit(() -> lerDuranteAsEscritas(nos, loja, escrevendo));
            for (Future<?> escrita : escritas) {
                escrita.get();
            }
            escrevendo.set(false);
            Leitura leitura = durante.get();

            List<Gravado> gravados = gravados(loja.id());
            assertThat(gravados).hasSize(escritores * (pedidosPorEscritor * 3 + 2 * 2));
            assertThat(leitura.prefixo()).as("o cursor foi tomado no meio das escritas").isNotEmpty()
                                          .hasSizeLessThan(gravados.size());

            List<Lido> resto = lerTudo(segundo.cliente(), loja, leitura.meio(),
                    gravados.size() - leitura.prefixo().size());
            List<Lido> tudo = lerTudo(api, loja, "0", gravados.size());
            pausar(500);
            lerAteOFim(api, loja, Long.toString(tudo.get(tudo.size() - 1).cursor()), 100, tudo);

            List<String> prefixoEResto = new ArrayList<>(ids(leitura.prefixo()));
            prefixoEResto.addAll(ids(resto));
            assertThat(prefixoEResto).as("prefixo + resto = tudo, na mesma ordem").isEqualTo(ids(tudo));
            assertThat(ids(tudo)).doesNotHaveDuplicates()
                                 .containsExactlyInAnyOrderElementsOf(gravados.stream().map(Gravado::id).toList());
            assertThat(ids(leitura.todos())).as("quem leu durante as escritas não perdeu nem repetiu nada")
                                            .isEqualTo(ids(tudo).subList(0, leitura.todos().size()));
            ordemDeCadaAgregadoPreservada(tudo, gravados);
        } finally {
            escrevendo.set(false);
            threads.shutdown();
        }
    }

    private record Leitura(List<Lido> prefixo, String meio, List<Lido> todos) {
    }

    private Leitura lerDuranteAsEscritas(List<ClienteHttp> nos, LojaDeTeste loja, AtomicBoolean escrevendo) {
        List<Lido> todos = new ArrayList<>();
        List<Lido> prefixo = null;
        String cursor = "0";
        String meio = null;
        int pagina = 0;
        while (escrevendo.get()) {
            Pagina lida = pagina(nos.get(pagina++ % 2), loja, "?apos=" + cursor + "&limite=5");
            todos.addAll(lida.eventos());
            cursor = lida.cursor();
            if (meio == null && todos.size() >= 20) {
                meio = cursor;
                prefixo = List.copyOf(todos);
            }
            if (!lida.temMais()) {
                pausar(20);
            }
        }
        return new Leitura(prefixo == null ? List.of() : prefixo, meio == null ? cursor : meio, todos);
    }

    /**
     * An event row inserted in a transaction held open gets an early global index; events written meanwhile
     * commit first with later ones and a poller passes them. After the commit the held event still shows up,
     * after them, and what the poller had read is unchanged.
     */
    @Test
    void eventoQueConfirmaTardeNaoEPulado() throws Exception {
        LojaDeTeste loja = novaLoja();
        String produto = produto(api, loja);
        String modelo = pedido(api, loja, produto);
        List<Lido> antes = lerTudo(api, loja, "0", 1);
        String cursor = Long.toString(antes.get(antes.size() - 1).cursor());

        UrlDoBanco url = BancoDeTestes.url();
        String atrasado = UUID.randomUUID().toString();
        long indiceAtrasado;
        List<Lido> depois = new ArrayList<>();
        try (Connection conexao = DriverManager.getConnection(url.jdbcUrl(), url.usuario(), url.senha())) {
            conexao.setAutoCommit(false);
            indiceAtrasado = inserirCopiaDoCriado(conexao, modelo, atrasado);
            List<String> pedidos = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                pedidos.add(pedido(api, loja, produto));
            }
            depois.addAll(lerTudo(api, loja, cursor, 3));
            assertThat(depois).extracting(l -> l.item().get("dados").get("id").asText())
                              .containsExactlyElementsOf(pedidos);
            assertThat(jdbc.queryForObject("SELECT min(global_index) FROM domain_event_entry "
                    + "WHERE event_identifier = ANY(?)", Long.class, (Object) ids(depois).toArray(String[]::new)))
                    .as("índices globais maiores que o do evento retido").isGreaterThan(indiceAtrasado);
            conexao.commit();
        }
        String passado = Long.toString(depois.get(depois.size() - 1).cursor());
        List<Lido> tardio = lerTudo(api, loja, passado, 1);
        assertThat(tardio).extracting(Lido::id).containsExactly(atrasado);
        assertThat(tardio.get(0).evento()).isEqualTo("pedido.criado");

        List<Lido> tudo = lerTudo(segundo.cliente(), loja, "0", 5);
        List<String> esperado = new ArrayList<>(ids(antes));
        esperado.addAll(ids(depois));
        esperado.add(atrasado);
        assertThat(ids(tudo)).as("nada renumerado: o retido vem depois de tudo que já tinha sido lido")
                             .isEqualTo(esperado);
    }

    /** A copy of the order's pedido.criado as another order, inserted and not committed; its global index. */
    private long inserirCopiaDoCriado(Connection conexao, String pedidoId, String eventoId) throws Exception {
        String novoPedido = UUID.randomUUID().toString();
        try (PreparedStatement copia = conexao.prepareStatement("""
                INSERT INTO domain_event_entry (aggregate_identifier, sequence_number, type, event_identifier,
                                                meta_data, payload, payload_revision, payload_type, time_stamp)
                SELECT ?, sequence_number, type, ?, meta_data,
                       convert_to(replace(convert_from(payload, 'UTF8'), ?, ?), 'UTF8'),
                       payload_revision, payload_type, ?
                  FROM domain_event_entry
                 WHERE aggregate_identifier = ? AND payload_type LIKE '%.PedidoCriadoEvent'
                RETURNING global_index""")) {
            copia.setString(1, novoPedido);
            copia.setString(2, eventoId);
            copia.setString(3, pedidoId);
            copia.setString(4, novoPedido);
            copia.setString(5, Instant.now().toString());
            copia.setString(6, pedidoId);
            try (ResultSet inserido = copia.executeQuery()) {
                assertThat(inserido.next()).isTrue();
                return inserido.getLong(1);
            }
        }
    }

    @Test
    void tiposFiltraEParametrosInvalidosDao400() {
        LojaDeTeste loja = novaLoja();
        escrever(api, loja, 3);
        List<Lido> tudo = lerTudo(api, loja, "0", 3 * 3 + 2);

        Pagina filtrada = pagina(api, loja, "?tipos=pedido.pago,pedido.cancelado");
        assertThat(filtrada.eventos()).extracting(Lido::evento).containsOnly("pedido.pago", "pedido.cancelado")
                                      .hasSize(4);
        assertThat(ids(filtrada.eventos())).isEqualTo(ids(tudo).stream()
                .filter(ids(filtrada.eventos())::contains).toList());
        assertThat(pagina(api, loja, "?tipos=pedido.pago&tipos=pedido.cancelado").eventos()).hasSize(4);
        assertThat(pagina(api, loja, "?tipos=cliente.criado").eventos()).isEmpty();

        Pagina dois = pagina(api, loja, "?limite=2");
        assertThat(dois.eventos()).hasSize(2);
        assertThat(dois.temMais()).isTrue();
        assertThat(dois.cursor()).isEqualTo(Long.toString(dois.eventos().get(1).cursor()));
        Pagina fim = pagina(api, loja, "?apos=" + tudo.get(tudo.size() - 1).cursor());
        assertThat(fim.eventos()).isEmpty();
        assertThat(fim.temMais()).isFalse();
        assertThat(fim.cursor()).as("sem eventos novos, o mesmo cursor")
                                .isEqualTo(Long.toString(tudo.get(tudo.size() - 1).cursor()));

        Resposta desconhecido = ler(api, loja, "?tipos=pedido.criado,pedido.enviado");
        assertThat(desconhecido.status()).isEqualTo(400);
        assertThat(desconhecido.texto("erro")).contains("pedido.enviado").contains("pedido.criado, pedido.status")
                                               .contains("produto.estoque_baixo");
        for (String ruim : List.of("?tipos=", "?tipos=pedido.criado,", "?apos=-1", "?apos=abc", "?apos=1.5",
                "?apos=99999999999999999999", "?limite=0", "?limite=501", "?limite=x")) {
            Resposta resposta = ler(api, loja, ruim);
            assertThat(resposta.status()).as(ruim + " " + resposta).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(ruim).isNotBlank().doesNotContain("Exception");
        }
        assertThat(ler(api, loja, "?limite=500").status()).isEqualTo(200);
        assertThat(api.get("/v1/eventos").enviar().status()).isEqualTo(401);
    }

    @Test
    void cursorValeNoOutroNoEEtagDaPagina304() {
        LojaDeTeste loja = novaLoja();
        escrever(api, loja, 4);
        List<Lido> tudo = lerTudo(api, loja, "0", 4 * 3 + 2 * 2);
        Pagina primeira = pagina(api, loja, "?limite=6");
        Pagina noOutro = pagina(segundo.cliente(), loja, "?apos=" + primeira.cursor() + "&limite=100");
        List<String> juntas = new ArrayList<>(ids(primeira.eventos()));
        juntas.addAll(ids(noOutro.eventos()));
        assertThat(juntas).isEqualTo(ids(tudo));

        Resposta lida = ler(api, loja, "?limite=6");
        String etag = lida.cabecalho("ETag");
        assertThat(etag).startsWith("\"");
        Resposta igual = api.get("/v1/eventos?limite=6").token(loja.token()).cabecalho("If-None-Match", etag).enviar();
        assertThat(igual.status()).isEqualTo(304);
        assertThat(igual.corpo()).isEmpty();
        assertThat(segundo.cliente().get("/v1/eventos?limite=6").token(loja.token()).cabecalho("If-None-Match", etag)
                          .enviar().status()).as("o mesmo ETag no outro nó").isEqualTo(304);

        String fim = "?apos=" + tudo.get(tudo.size() - 1).cursor();
        String etagDoFim = ler(api, loja, fim).cabecalho("ETag");
        pedido(api, loja, produto(api, loja));
        lerTudo(api, loja, Long.toString(tudo.get(tudo.size() - 1).cursor()), 1);
        Resposta mudou = api.get("/v1/eventos" + fim).token(loja.token()).cabecalho("If-None-Match", etagDoFim)
                            .enviar();
        assertThat(mudou.status()).as("um evento novo muda a página").isEqualTo(200);
        assertThat(mudou.cabecalho("ETag")).isNotEqualTo(etagDoFim);

        LojaDeTeste outra = novaLoja();
        assertThat(pagina(api, outra, "").eventos()).as("outra loja não vê nada").isEmpty();
    }

    /**
     * A node alone on its own database (so it owns the feed's processor) hands out a cursor, stops, and a new node
     * on that database continues from it: the new events and only them, the old ones unchanged.
     */
    @Test
    void cursorSobreviveAoReinicio() {
        UrlDoBanco banco = BancoDeTestes.url("feed_reinicio");
        Map<String, Object> propriedades = Map.of("loja.limite.por-minuto", 1_000_000,
                "loja.limite.escritas-por-minuto", 1_000_000);
        LojaDeTeste loja;
        List<Lido> antes;
        try (OutroNo no = OutroNo.iniciar(banco, propriedades)) {
            loja = novaLoja(no.cliente());
            escrever(no.cliente(), loja, 2);
            antes = lerTudo(no.cliente(), loja, "0", 2 * 3 + 2);
        }
        String cursor = Long.toString(antes.get(antes.size() - 1).cursor());
        try (OutroNo reiniciado = OutroNo.iniciar(banco, propriedades)) {
            ClienteHttp cliente = reiniciado.cliente();
            escrever(cliente, loja, 1);
            List<Lido> novos = lerTudo(cliente, loja, cursor, 3 + 2);
            pausar(500);
            lerAteOFim(cliente, loja, Long.toString(novos.get(novos.size() - 1).cursor()), 100, novos);
            assertThat(novos).extracting(Lido::evento).containsExactlyInAnyOrder("pedido.criado", "pedido.status",
                    "pedido.pago", "pedido.status", "pedido.cancelado");
            assertThat(ids(novos)).doesNotContainAnyElementsOf(ids(antes));
            List<String> esperado = new ArrayList<>(ids(antes));
            esperado.addAll(ids(novos));
            assertThat(ids(lerTudo(cliente, loja, "0", esperado.size()))).isEqualTo(esperado);
        }
    }

    /** Within each aggregate the feed keeps the event store's sequence order. */
    private static void ordemDeCadaAgregadoPreservada(List<Lido> lidos, List<Gravado> gravados) {
        Map<String, Gravado> porId = new HashMap<>();
        gravados.forEach(g -> porId.put(g.id(), g));
        Map<String, Long> ultimaSequencia = new HashMap<>();
        Set<String> agregados = new HashSet<>();
        for (Lido lido : lidos) {
            Gravado gravado = porId.get(lido.id());
            assertThat(gravado).as(lido.id()).isNotNull();
            Long anterior = ultimaSequencia.put(gravado.agregado(), gravado.sequencia());
            if (anterior != null) {
                assertThat(gravado.sequencia()).as("ordem em " + gravado.agregado()).isGreaterThan(anterior);
            }
            agregados.add(gravado.agregado());
        }
        assertThat(agregados).isNotEmpty();
        assertThat(Collections.frequency(ids(lidos), null)).isZero();
    }
}
