package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.AgendarTentativaCommand;
import br.com.lojaapi.coreapi.entrega.EntregaConcluidaEvent;
import br.com.lojaapi.coreapi.entrega.EntregaFalhouEvent;
import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.IniciarEntregaCommand;
import br.com.lojaapi.coreapi.entrega.ReenviarEntregaCommand;
import br.com.lojaapi.coreapi.entrega.ReenvioSolicitadoEvent;
import br.com.lojaapi.coreapi.entrega.RegistrarTentativaCommand;
import br.com.lojaapi.coreapi.entrega.RegistrarTesteDeWebhookCommand;
import br.com.lojaapi.coreapi.entrega.TentativaAgendadaEvent;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * One event on its way to one webhook. The attempt counter and the outcome live here, not in the saga, because
 * they must be right: an attempt is scheduled once, its result recorded once, whichever node or thread repeats a
 * message. Repeats are therefore no-ops rather than errors. A test delivery is born with its one attempt done and
 * is never sent again.
 * <p>
 * A delivery's start schedules its first attempt, and a successful attempt ends its series: neither says so in an
 * event of its own, so a first attempt that succeeds is two events, {@link EntregaIniciadaEvent} and
 * {@link TentativaRegistradaEvent} (decision 075). Deliveries stored before that also carry a
 * {@link TentativaAgendadaEvent} for attempt 1 and an {@link EntregaConcluidaEvent}: both are still read, and mean
 * what the events before them already said.
 */
@Aggregate
class Entrega {

    static final String NAO_ENCONTRADA = "Entrega não encontrada";
    static final String EM_ANDAMENTO = "A entrega ainda está em andamento; aguarde o fim das tentativas para reenviar";
    static final String DE_TESTE = "Uma entrega de teste não é reenviada; peça outro teste";

    @AggregateIdentifier
    private String entregaId;
    private String lojaId;
    private String webhookId;
    private List<Long> atrasosMs;
    private int serie;
    private int agendada;
    private int registrada;
    private boolean emAndamento;
    private boolean teste;
    /** Recoveries that already gave this delivery a series: asking again for one of them changes nothing. */
    private Set<String> recuperacoes = new HashSet<>();

    Entrega() {
        // required by Axon
    }

    @CommandHandler
    Entrega(IniciarEntregaCommand comando) {
        apply(new EntregaIniciadaEvent(comando.entregaId(), comando.lojaId(), comando.webhookId(), comando.evento(),
                comando.corpo(), comando.atrasosMs(), comando.iniciadaEm(), false));
    }

    /** The attempt was made before this command, so none is scheduled: nothing ever queues one for this delivery. */
    @CommandHandler
    Entrega(RegistrarTesteDeWebhookCommand comando) {
        String id = comando.entregaId();
        apply(new EntregaIniciadaEvent(id, comando.lojaId(), comando.webhookId(), comando.evento(), comando.corpo(),
                List.of(), comando.enviadoEm(), true));
        apply(new TentativaRegistradaEvent(id, comando.lojaId(), comando.webhookId(), 1, 1, comando.sucesso(),
                comando.statusHttp(), comando.duracaoMs(), comando.resposta(), comando.erro(), comando.enviadoEm(),
                null));
        if (!comando.sucesso()) {
            apply(new EntregaFalhouEvent(id, comando.lojaId(), comando.webhookId(), 1, 1,
                    comando.enviadoEm().plusMillis(comando.duracaoMs())));
        }
    }

    @CommandHandler
    void handle(AgendarTentativaCommand comando) {
        if (emAndamento && comando.serie() == serie && comando.tentativa() == registrada + 1
                && comando.tentativa() > agendada) {
            apply(new TentativaAgendadaEvent(entregaId, lojaId, webhookId, serie, comando.tentativa()));
        }
    }

    @CommandHandler
    void handle(RegistrarTentativaCommand comando) {
        if (!emAndamento || comando.serie() != serie || comando.tentativa() != agendada
                || comando.tentativa() <= registrada) {
            return;
        }
        int n = comando.tentativa();
        boolean ultima = comando.sucesso() || comando.definitiva() || n > atrasosMs.size();
        Instant proxima = ultima ? null : comando.enviadoEm().plus(Duration.ofMillis(atrasosMs.get(n - 1)));
        apply(new TentativaRegistradaEvent(entregaId, lojaId, webhookId, serie, n, comando.sucesso(),
                comando.statusHttp(), comando.duracaoMs(), comando.resposta(), comando.erro(), comando.enviadoEm(),
                proxima));
        if (!comando.sucesso() && ultima) {
            apply(new EntregaFalhouEvent(entregaId, lojaId, webhookId, serie, n,
                    comando.enviadoEm().plusMillis(comando.duracaoMs())));
        }
    }

    /**
     * Returns the number of the new series. Within a recovery, a delivery already on its way (or already given a
     * series by that recovery) keeps its current series: the recovery only needs each delivery to finish one.
     */
    @CommandHandler
    int handle(ReenviarEntregaCommand comando) {
        if (!Objects.equals(lojaId, comando.lojaId()) || !Objects.equals(webhookId, comando.webhookId())) {
            throw ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA);
        }
        if (teste) {
            throw ErroDeNegocio.conflito(DE_TESTE);
        }
        String recuperacao = comando.recuperacaoId();
        if (recuperacao != null && (emAndamento || recuperacoes.contains(recuperacao))) {
            return serie;
        }
        if (emAndamento) {
            throw ErroDeNegocio.conflito(EM_ANDAMENTO);
        }
        int nova = serie + 1;
        apply(new ReenvioSolicitadoEvent(entregaId, lojaId, webhookId, nova, comando.atrasosMs(),
                comando.solicitadoEm(), recuperacao));
        apply(new TentativaAgendadaEvent(entregaId, lojaId, webhookId, nova, 1));
        return nova;
    }

    @EventSourcingHandler
    void on(EntregaIniciadaEvent evento) {
        entregaId = evento.entregaId();
        lojaId = evento.lojaId();
        webhookId = evento.webhookId();
        atrasosMs = evento.atrasosMs();
        serie = 1;
        emAndamento = true;
        teste = evento.teste();
        // the first attempt is scheduled with the start (a test delivery's was made before it)
        agendada = teste ? 0 : 1;
    }

    @EventSourcingHandler
    void on(ReenvioSolicitadoEvent evento) {
        serie = evento.serie();
        atrasosMs = evento.atrasosMs();
        agendada = 0;
        registrada = 0;
        emAndamento = true;
        if (evento.recuperacaoId() != null) {
            recuperacoes.add(evento.recuperacaoId());
        }
    }

    /** A later attempt, a redelivery's first, or attempt 1 in a delivery stored before decision 075. */
    @EventSourcingHandler
    void on(TentativaAgendadaEvent evento) {
        agendada = evento.tentativa();
    }

    @EventSourcingHandler
    void on(TentativaRegistradaEvent evento) {
        registrada = evento.tentativa();
        if (evento.sucesso()) {
            emAndamento = false;
        }
    }

    /** Only in deliveries stored before decision 075: the successful attempt before it already ended the series. */
    @EventSourcingHandler
    void on(EntregaConcluidaEvent evento) {
        emAndamento = false;
    }

    @EventSourcingHandler
    void on(EntregaFalhouEvent evento) {
        emAndamento = false;
    }
}
