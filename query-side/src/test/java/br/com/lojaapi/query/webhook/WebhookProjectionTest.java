package br.com.lojaapi.query.webhook;

import br.com.lojaapi.coreapi.entrega.BuscarEntregaQuery;
import br.com.lojaapi.coreapi.entrega.EntregaConcluidaEvent;
import br.com.lojaapi.coreapi.entrega.EntregaFalhouEvent;
import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.EntregaView;
import br.com.lojaapi.coreapi.entrega.ListarEntregasParaRecuperarQuery;
import br.com.lojaapi.coreapi.entrega.ListarTentativasQuery;
import br.com.lojaapi.coreapi.entrega.ReenvioSolicitadoEvent;
import br.com.lojaapi.coreapi.entrega.TentativaDeEntregaView;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import br.com.lojaapi.coreapi.webhook.BuscarWebhookQuery;
import br.com.lojaapi.coreapi.webhook.ListarWebhooksQuery;
import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookRemovidoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookView;
import br.com.lojaapi.query.TesteDeProjecao;
import org.axonframework.eventhandling.DomainEventMessage;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class WebhookProjectionTest extends TesteDeProjecao<WebhookProjection> {

    private static final Instant PRIMEIRA = Instant.parse("2025-08-01T12:01:00Z");
    private static final Instant SEGUNDA = Instant.parse("2025-08-01T12:05:00Z");
    private static final Instant REMOVIDO = Instant.parse("2025-08-02T12:00:00Z");

    @Autowired
    WebhookConsultas consultas;

    final String webhook = id();
    final String entrega = id();

    @Test
    void criadoApareceAtivoERemovidoSoNaBuscaQueIncluiRemovidos() {
        dado(evento(webhook, 0, criado()));

        WebhookView ativo = new WebhookView(webhook, loja, "ERP", "https://erp.example/ganchos",
                List.of("pedido.criado", "pedido.status"), true, null, CRIADO, 0);
        assertThat(consultas.handle(new ListarWebhooksQuery(loja))).containsExactly(ativo);
        assertThat(consultas.handle(new BuscarWebhookQuery(loja, webhook, false))).contains(ativo);
        assertThat(consultas.handle(new BuscarWebhookQuery(id(), webhook, true))).isEmpty();

        dado(evento(webhook, 1, new WebhookRemovidoEvent(webhook, loja, REMOVIDO)));

        assertThat(consultas.handle(new ListarWebhooksQuery(loja))).isEmpty();
        assertThat(consultas.handle(new BuscarWebhookQuery(loja, webhook, false))).isEmpty();
        assertThat(consultas.handle(new BuscarWebhookQuery(loja, webhook, true))).get()
                .extracting(WebhookView::ativo, WebhookView::versao).containsExactly(false, 1L);
    }

    @Test
    void entregaSegueSuasSeriesETentativasEAUltimaEntregaChegaAoWebhook() {
        dado(evento(webhook, 0, criado()),
                evento(entrega, 0, iniciada()),
                evento(entrega, 1, tentativa(1, 1, false, PRIMEIRA)));

        assertThat(entrega()).isEqualTo(new EntregaView(entrega, webhook, "pedido.criado", 1, "PENDENTE"));
        assertThat(ultimaEntrega()).isEqualTo(PRIMEIRA);

        dado(evento(entrega, 2, new EntregaFalhouEvent(entrega, loja, webhook, 1, 1, PRIMEIRA)));
        assertThat(entrega().situacao()).isEqualTo("FALHOU");

        dado(evento(entrega, 3, new ReenvioSolicitadoEvent(entrega, loja, webhook, 2, List.of(), SEGUNDA, null)));
        assertThat(entrega()).extracting(EntregaView::serie, EntregaView::situacao).containsExactly(2, "PENDENTE");

        dado(evento(entrega, 4, tentativa(2, 1, true, SEGUNDA)),
                evento(entrega, 5, new EntregaConcluidaEvent(entrega, loja, webhook, 2, 1, SEGUNDA)));

        assertThat(entrega()).extracting(EntregaView::serie, EntregaView::situacao).containsExactly(2, "ENTREGUE");
        assertThat(ultimaEntrega()).isEqualTo(SEGUNDA);
        assertThat(consultas.handle(new ListarTentativasQuery(loja, webhook, 1, 10, null, null)).tentativas())
                .extracting(TentativaDeEntregaView::serie, TentativaDeEntregaView::sucesso,
                        TentativaDeEntregaView::payload)
                .containsExactly(tuple(2, true, "{\"id\":1}"), tuple(1, false, "{\"id\":1}"));
    }

    /**
     * Since decision 075 a successful attempt is the last event of its series; the end event stored before it
     * (the old shape) still reads the same. A late success of an earlier series leaves the current one alone.
     */
    @Test
    void tentativaComSucessoEntregaComOuSemOEventoDeConclusao() {
        String antiga = id();
        dado(evento(webhook, 0, criado()),
                evento(entrega, 0, iniciada()),
                evento(entrega, 1, tentativa(1, 1, true, PRIMEIRA)),
                evento(antiga, 0, iniciada(antiga, "pedido.criado", false)),
                evento(antiga, 1, tentativa(antiga, 1, 1, true, PRIMEIRA)),
                evento(antiga, 2, new EntregaConcluidaEvent(antiga, loja, webhook, 1, 1, PRIMEIRA)));

        assertThat(entrega()).extracting(EntregaView::serie, EntregaView::situacao).containsExactly(1, "ENTREGUE");
        assertThat(consultas.handle(new BuscarEntregaQuery(loja, webhook, antiga))).get()
                .extracting(EntregaView::situacao).isEqualTo("ENTREGUE");

        dado(evento(entrega, 2, new ReenvioSolicitadoEvent(entrega, loja, webhook, 2, List.of(), SEGUNDA, null)),
                evento(entrega, 1, tentativa(1, 1, true, PRIMEIRA)));
        assertThat(entrega()).extracting(EntregaView::serie, EntregaView::situacao).containsExactly(2, "PENDENTE");
    }

    /**
     * A batch's writes to the delivery log are grouped (decision 075), yet its events keep their order: a start and
     * its success, a failed series, its redelivery and the new series' success, all in one batch.
     */
    @Test
    void umLoteComInicioFalhaReenvioESucessoTerminaComoOsEventosUmAUm() {
        String outra = id();
        dadoNumLote(evento(webhook, 0, criado()),
                evento(entrega, 0, iniciada()),
                evento(outra, 0, iniciada(outra, "pedido.criado", false)),
                evento(entrega, 1, tentativa(1, 1, false, PRIMEIRA)),
                evento(outra, 1, tentativa(outra, 1, 1, true, PRIMEIRA)),
                evento(entrega, 2, new EntregaFalhouEvent(entrega, loja, webhook, 1, 1, PRIMEIRA)),
                evento(entrega, 3, new ReenvioSolicitadoEvent(entrega, loja, webhook, 2, List.of(), SEGUNDA, null)),
                evento(entrega, 4, tentativa(2, 1, true, SEGUNDA)));

        assertThat(entrega()).extracting(EntregaView::serie, EntregaView::situacao).containsExactly(2, "ENTREGUE");
        assertThat(consultas.handle(new BuscarEntregaQuery(loja, webhook, outra))).get()
                .extracting(EntregaView::situacao).isEqualTo("ENTREGUE");
        assertThat(ultimaEntrega()).isEqualTo(SEGUNDA);
    }

    /**
     * A fan-out's batch ends many series one after the other, which the projection writes as one statement: each
     * delivery gets its own outcome, an event seen twice changes nothing, and an end of an earlier series leaves
     * the current one alone.
     */
    @Test
    void muitasSeriesTerminadasNumLoteTerminamCadaUmaComoSeuEvento() {
        List<String> ids = List.of(id(), id(), id(), id());
        List<DomainEventMessage<?>> eventos = new ArrayList<>(List.of(evento(webhook, 0, criado()),
                evento(entrega, 0, iniciada()),
                evento(entrega, 1, tentativa(1, 1, false, PRIMEIRA)),
                evento(entrega, 2, new EntregaFalhouEvent(entrega, loja, webhook, 1, 1, PRIMEIRA)),
                evento(entrega, 3, new ReenvioSolicitadoEvent(entrega, loja, webhook, 2, List.of(), SEGUNDA, null))));
        ids.forEach(id -> eventos.add(evento(id, 0, iniciada(id, "pedido.criado", false))));
        eventos.add(evento(ids.get(0), 1, tentativa(ids.get(0), 1, 1, true, SEGUNDA)));
        eventos.add(evento(ids.get(1), 1, tentativa(ids.get(1), 1, 1, true, SEGUNDA)));
        eventos.add(evento(ids.get(1), 1, tentativa(ids.get(1), 1, 1, true, SEGUNDA)));
        eventos.add(evento(entrega, 4, new EntregaConcluidaEvent(entrega, loja, webhook, 1, 1, PRIMEIRA)));
        eventos.add(evento(ids.get(2), 1, new EntregaFalhouEvent(ids.get(2), loja, webhook, 1, 5, SEGUNDA)));
        eventos.add(evento(ids.get(3), 1, tentativa(ids.get(3), 1, 1, true, SEGUNDA)));
        dadoNumLote(eventos.toArray(DomainEventMessage[]::new));

        assertThat(entrega()).extracting(EntregaView::serie, EntregaView::situacao).containsExactly(2, "PENDENTE");
        assertThat(ids.stream().map(id -> consultas.handle(new BuscarEntregaQuery(loja, webhook, id)).orElseThrow()
                .situacao())).containsExactly("ENTREGUE", "ENTREGUE", "FALHOU", "ENTREGUE");
    }

    @Test
    void tentativaProjetadaAntesDoSeuWebhookApareceNaUltimaEntrega() {
        dado(evento(entrega, 0, iniciada()),
                evento(entrega, 1, tentativa(1, 1, true, PRIMEIRA)),
                evento(webhook, 0, criado()));

        assertThat(ultimaEntrega()).isEqualTo(PRIMEIRA);
    }

    @Test
    void eventoAntigoDepoisDeUmNovoNaoMudaNada() {
        dado(evento(webhook, 0, criado()),
                evento(entrega, 0, iniciada()),
                evento(entrega, 1, tentativa(1, 1, false, PRIMEIRA)),
                evento(entrega, 2, new ReenvioSolicitadoEvent(entrega, loja, webhook, 2, List.of(), SEGUNDA, null)),
                evento(entrega, 3, tentativa(2, 1, false, SEGUNDA)),
                evento(webhook, 1, new WebhookRemovidoEvent(webhook, loja, REMOVIDO)),
                // the first series' end, the first attempt and the webhook's creation, late
                evento(entrega, 2, new EntregaFalhouEvent(entrega, loja, webhook, 1, 1, PRIMEIRA)),
                evento(entrega, 1, tentativa(1, 1, false, PRIMEIRA)),
                evento(webhook, 0, criado()));

        assertThat(entrega()).extracting(EntregaView::serie, EntregaView::situacao).containsExactly(2, "PENDENTE");
        assertThat(ultimaEntrega()).isEqualTo(SEGUNDA);
        assertThat(consultas.handle(new BuscarWebhookQuery(loja, webhook, true))).get()
                .extracting(WebhookView::ativo, WebhookView::versao).containsExactly(false, 1L);
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(this::linhasDoWebhook,
                evento(webhook, 0, criado()),
                evento(entrega, 0, iniciada()),
                evento(entrega, 1, tentativa(1, 1, false, PRIMEIRA)),
                evento(entrega, 2, new EntregaFalhouEvent(entrega, loja, webhook, 1, 1, PRIMEIRA)),
                evento(entrega, 3, new ReenvioSolicitadoEvent(entrega, loja, webhook, 2, List.of(), SEGUNDA, null)),
                evento(entrega, 4, tentativa(2, 1, true, SEGUNDA)),
                evento(entrega, 5, new EntregaConcluidaEvent(entrega, loja, webhook, 2, 1, SEGUNDA)),
                evento(webhook, 1, new WebhookRemovidoEvent(webhook, loja, REMOVIDO)));

        assertThat(linhas).hasSize(4);
        assertThat(linhas.get(1)).containsEntry("situacao", "ENTREGUE").containsEntry("serie", 2);
    }

    /**
     * Only deliveries whose current series is over with a failed last attempt, by that attempt's time; never one
     * still running, delivered, of a test, of another webhook or store; the oldest failure first, up to the limit.
     */
    @Test
    void recuperacaoEscolheAsFalhasTerminadasDesdeOInstanteENuncaUmTeste() {
        String antiga = id();
        String falhou = id();
        String refeita = id();
        String pendente = id();
        String entregue = id();
        String teste = id();
        dado(evento(webhook, 0, criado()));
        falha(antiga, "pedido.criado", false, PRIMEIRA);
        falha(falhou, "pedido.status", false, SEGUNDA.plusSeconds(1));
        falha(teste, "webhook.teste", true, SEGUNDA.plusSeconds(2));
        // failed at first, then re-sent and failed again after desde: its last series counts
        falha(refeita, "pedido.criado", false, PRIMEIRA);
        dado(evento(refeita, 3, new ReenvioSolicitadoEvent(refeita, loja, webhook, 2, List.of(), SEGUNDA,
                        null)),
                evento(refeita, 4, tentativa(refeita, 2, 1, false, SEGUNDA)),
                evento(refeita, 5, new EntregaFalhouEvent(refeita, loja, webhook, 2, 1, SEGUNDA)));
        // its first attempt failed and the next is due: not over
        dado(evento(pendente, 0, iniciada(pendente, "pedido.criado", false)),
                evento(pendente, 1, new TentativaRegistradaEvent(pendente, loja, webhook, 1, 1, false, 503, 12, null,
                        "HTTP 503", SEGUNDA, SEGUNDA.plusSeconds(30))),
                evento(entregue, 0, iniciada(entregue, "pedido.criado", false)),
                evento(entregue, 1, tentativa(entregue, 1, 1, true, SEGUNDA)),
                evento(entregue, 2, new EntregaConcluidaEvent(entregue, loja, webhook, 1, 1, SEGUNDA)));

        assertThat(consultas.handle(new ListarEntregasParaRecuperarQuery(loja, webhook, SEGUNDA, 10)))
                .containsExactly(refeita, falhou);
        assertThat(consultas.handle(new ListarEntregasParaRecuperarQuery(loja, webhook, PRIMEIRA, 10)))
                .containsExactly(antiga, refeita, falhou);
        assertThat(consultas.handle(new ListarEntregasParaRecuperarQuery(loja, webhook, PRIMEIRA, 1)))
                .containsExactly(antiga);
        assertThat(consultas.handle(new ListarEntregasParaRecuperarQuery(id(), webhook, PRIMEIRA, 10))).isEmpty();
        assertThat(consultas.handle(new ListarEntregasParaRecuperarQuery(loja, id(), PRIMEIRA, 10))).isEmpty();
    }

    @Test
    void logFiltraPorSucessoEPorEvento() {
        String falhou = id();
        String teste = id();
        dado(evento(webhook, 0, criado()),
                evento(entrega, 0, iniciada()),
                evento(entrega, 1, tentativa(1, 1, true, SEGUNDA)));
        falha(falhou, "pedido.status", false, PRIMEIRA);
        falha(teste, "webhook.teste", true, SEGUNDA.plusSeconds(1));

        assertThat(consultas.handle(new ListarTentativasQuery(loja, webhook, 1, 10, null, null)).total()).isEqualTo(3);
        assertThat(consultas.handle(new ListarTentativasQuery(loja, webhook, 1, 10, false, null)).tentativas())
                .extracting(TentativaDeEntregaView::entregaId).containsExactly(teste, falhou);
        assertThat(consultas.handle(new ListarTentativasQuery(loja, webhook, 1, 10, true, null)).tentativas())
                .extracting(TentativaDeEntregaView::entregaId).containsExactly(entrega);
        var testes = consultas.handle(new ListarTentativasQuery(loja, webhook, 1, 10, null, "webhook.teste"));
        assertThat(testes.tentativas()).extracting(TentativaDeEntregaView::entregaId).containsExactly(teste);
        assertThat(testes.total()).isEqualTo(1);
        assertThat(consultas.handle(new ListarTentativasQuery(loja, webhook, 1, 10, true, "webhook.teste")).total())
                .isZero();
    }

    /** A delivery of that kind whose one series failed with one attempt at {@code em}. */
    private void falha(String id, String evento, boolean teste, Instant em) {
        dado(evento(id, 0, iniciada(id, evento, teste)),
                evento(id, 1, tentativa(id, 1, 1, false, em)),
                evento(id, 2, new EntregaFalhouEvent(id, loja, webhook, 1, 1, em)));
    }

    private EntregaIniciadaEvent iniciada(String id, String evento, boolean teste) {
        return new EntregaIniciadaEvent(id, loja, webhook, evento, "{\"id\":1}", teste ? List.of() : List.of(1000L),
                CRIADO, teste);
    }

    private List<Map<String, Object>> linhasDoWebhook() {
        List<Map<String, Object>> linhas = new ArrayList<>(linhas("SELECT * FROM webhook_view WHERE id = ?", webhook));
        linhas.addAll(linhas("SELECT * FROM entrega_view WHERE webhook_id = ?", webhook));
        linhas.addAll(linhas("SELECT * FROM entrega_tentativa_view WHERE webhook_id = ? ORDER BY serie, tentativa",
                webhook));
        return linhas;
    }

    private EntregaView entrega() {
        return consultas.handle(new BuscarEntregaQuery(loja, webhook, entrega)).orElseThrow();
    }

    private Instant ultimaEntrega() {
        return consultas.handle(new BuscarWebhookQuery(loja, webhook, true)).orElseThrow().ultimaEntrega();
    }

    private WebhookCriadoEvent criado() {
        return new WebhookCriadoEvent(webhook, loja, "ERP", "https://erp.example/ganchos",
                List.of("pedido.criado", "pedido.status"), CRIADO, "selado");
    }

    private EntregaIniciadaEvent iniciada() {
        return new EntregaIniciadaEvent(entrega, loja, webhook, "pedido.criado", "{\"id\":1}", List.of(1000L),
                CRIADO, false);
    }

    private TentativaRegistradaEvent tentativa(int serie, int tentativa, boolean sucesso, Instant enviadoEm) {
        return tentativa(entrega, serie, tentativa, sucesso, enviadoEm);
    }

    private TentativaRegistradaEvent tentativa(String id, int serie, int tentativa, boolean sucesso,
                                               Instant enviadoEm) {
        return new TentativaRegistradaEvent(id, loja, webhook, serie, tentativa, sucesso, sucesso ? 200 : 503, 12,
                sucesso ? "ok" : "indisponível", sucesso ? null : "HTTP 503", enviadoEm, null);
    }
}
