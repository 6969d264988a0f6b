package br.com.lojaapi.gateway.axon;

import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.armazenamento.ArmazenamentoDeEventos;
import br.com.lojaapi.command.comum.LeituraAntecipada;
import br.com.lojaapi.query.comum.IndicesGlobais;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An aggregate's stream as the repository reads it, now that the snapshot and the events after it come in one query:
 * the same events in the same order, and the older ways (no snapshot, a refused snapshot, more events than a batch)
 * still read everything, and several aggregates read ahead together serve the loads of their transaction only. The
 * aggregate type is one no projection or sync page knows, so nothing else reacts.
 */
class ArmazenamentoDeEventosTest extends TesteDeApi {

    private static final String TIPO = "TesteDeLeitura";

    @Autowired
    EventStore eventos;

    @Autowired
    EventStorageEngine armazenamento;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    LeituraAntecipada antecipada;

    @Autowired
    IndicesGlobais indices;

    @Autowired
    PlatformTransactionManager transacoes;

    TransactionTemplate transacao;

    @BeforeEach
    void transacao() {
        transacao = new TransactionTemplate(transacoes);
    }

    @Value("${loja.eventos.lote-de-leitura:100}")
    int lote;

    @Test
    void semInstantaneoLeTodosOsEventos() {
        String agregado = gravar(3);

        assertThat(lidos(agregado)).containsExactly("e0", "e1", "e2");
    }

    @Test
    void comInstantaneoLeEleEDepoisOsEventosSeguintes() {
        String agregado = gravar(5);
        armazenamento.storeSnapshot(new GenericDomainEventMessage<>(TIPO, agregado, 2, "estado em 2"));

        assertThat(lidos(agregado)).containsExactly("estado em 2", "e3", "e4");
        assertThat(sequencias(agregado)).containsExactly(2L, 3L, 4L);
    }

    @Test
    void maisEventosDoQueUmLoteDepoisDoInstantaneoSaoLidosTodos() {
        String agregado = gravar(2 * lote + 7);
        armazenamento.storeSnapshot(new GenericDomainEventMessage<>(TIPO, agregado, 3, "estado em 3"));

        assertThat(sequencias(agregado)).containsExactlyElementsOf(LongStream.rangeClosed(3, 2L * lote + 6).boxed()
                                                                             .toList());
    }

    /** Produto's snapshots carry @Revision("1"): one of another revision is refused and the stream read whole. */
    @Test
    void instantaneoRecusadoLeDesdeOPrimeiroEvento() {
        String agregado = gravar(4);
        jdbc.update("""
                INSERT INTO snapshot_event_entry (aggregate_identifier, sequence_number, type, event_identifier,
                                                  payload, payload_type, payload_revision, time_stamp)
                VALUES (?, 2, 'Produto', ?, ?, 'java.lang.String', '0', '2025-01-01T00:00:00Z')""",
                agregado, UUID.randomUUID().toString(), "\"antigo\"".getBytes(StandardCharsets.UTF_8));

        assertThat(lidos(agregado)).containsExactly("e0", "e1", "e2", "e3");
    }

    @Test
    void variosAgregadosLidosDeUmaVezNaTransacaoESoNela() {
        String um = gravar(3);
        String outro = gravar(60);
        armazenamento.storeSnapshot(new GenericDomainEventMessage<>(TIPO, outro, 50, "estado em 50"));

        List<List<Object>> dentro = transacao.execute(status -> {
            antecipada.antecipar(List.of(um, outro));
            return List.of(lidos(um), lidos(outro));
        });
        assertThat(dentro.get(0)).containsExactly("e0", "e1", "e2");
        assertThat(dentro.get(1)).containsExactly("estado em 50", "e51", "e52", "e53", "e54", "e55", "e56", "e57",
                "e58", "e59");

        // read ahead and never loaded: nothing of it outlives its transaction
        transacao.executeWithoutResult(status -> antecipada.antecipar(List.of(um)));
        armazenamento.appendEvents(List.of(new GenericDomainEventMessage<>(TIPO, um, 3, "e3")));
        assertThat(lidos(um)).containsExactly("e0", "e1", "e2", "e3");
        List<Object> numaTransacao = transacao.execute(status -> lidos(um));
        assertThat(numaTransacao).containsExactly("e0", "e1", "e2", "e3");
    }

    @Test
    void cadaEventoLidoParaUmFluxoChegaAosIndicesGlobaisComOSeuIndice() {
        Long antes = jdbc.queryForObject("SELECT COALESCE(max(global_index), 0) FROM domain_event_entry", Long.class);
        String agregado = gravar(3);
        List<Long> gravados = jdbc.queryForList("SELECT global_index FROM domain_event_entry "
                + "WHERE aggregate_identifier = ? ORDER BY sequence_number", Long.class, agregado);
        try (var fluxo = armazenamento.readEvents(GapAwareTrackingToken.newInstance(antes, List.of()), false)) {
            assertThat(fluxo.filter(e -> e instanceof DomainEventMessage<?> d
                                         && agregado.equals(d.getAggregateIdentifier()))).hasSize(3);
        }
        // what is answered from here on can only come from what the reading reported: the rows are hidden from a
        // lookup by aggregate, not deleted, since deleting the newest events would take the database back in time
        // under this node (decision 073: it would stop)
        jdbc.update("UPDATE domain_event_entry SET aggregate_identifier = 'escondido-' || aggregate_identifier "
                + "WHERE aggregate_identifier = ?", agregado);

        assertThat(LongStream.range(0, 3).map(sequencia -> indices.de(agregado, sequencia)).boxed().toList())
                .isEqualTo(gravados);
    }

    /**
     * The event store's producer reads with {@code mayBlock} and keeps every event of one read in memory until the
     * read ends (decision 087): its reads end after a bounded number of events, and it goes on from the last one
     * without losing or repeating any. Other readers read to the end.
     */
    @Test
    void aLeituraDoProdutorTerminaDepoisDeUmLimiteESegueDeOndeParou() {
        TrackingToken antes = armazenamento.createHeadToken();
        int quantos = ArmazenamentoDeEventos.LEITURA_CONTINUA + 500;
        String agregado = gravar(quantos);

        List<TrackedEventMessage<?>> primeira;
        try (var lidos = armazenamento.readEvents(antes, true)) {
            primeira = new ArrayList<>(lidos.toList());
        }
        assertThat(primeira).as("uma leitura do produtor").hasSize(ArmazenamentoDeEventos.LEITURA_CONTINUA);
        List<Object> dele = new ArrayList<>(doAgregado(primeira, agregado));
        try (var lidos = armazenamento.readEvents(primeira.get(primeira.size() - 1).trackingToken(), true)) {
            dele.addAll(doAgregado(lidos.toList(), agregado));
        }
        assertThat(dele).as("as duas leituras, sem falta nem repetição")
                        .containsExactlyElementsOf(LongStream.range(0, quantos).mapToObj(i -> "e" + i).toList());
        try (var lidos = armazenamento.readEvents(antes, false)) {
            assertThat(doAgregado(lidos.toList(), agregado)).as("um leitor próprio lê até o fim").hasSize(quantos);
        }
    }

    private static List<Object> doAgregado(List<? extends TrackedEventMessage<?>> lidos, String agregado) {
        return lidos.stream()
                    .filter(m -> m instanceof DomainEventMessage<?> d && d.getAggregateIdentifier().equals(agregado))
                    .map(TrackedEventMessage::getPayload).map(Object.class::cast).toList();
    }

    private String gravar(int quantos) {
        String agregado = UUID.randomUUID().toString();
        List<DomainEventMessage<?>> novos = new ArrayList<>();
        for (int i = 0; i < quantos; i++) {
            novos.add(new GenericDomainEventMessage<>(TIPO, agregado, i, "e" + i));
        }
        armazenamento.appendEvents(novos);
        return agregado;
    }

    private List<Object> lidos(String agregado) {
        return eventos.readEvents(agregado).asStream().map(DomainEventMessage::getPayload).map(Object.class::cast)
                      .toList();
    }

    private List<Long> sequencias(String agregado) {
        return eventos.readEvents(agregado).asStream().map(DomainEventMessage::getSequenceNumber).toList();
    }
}
