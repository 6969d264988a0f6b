package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.RecuperacaoDoWebhookIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.RecuperarEntregasDoWebhookCommand;
import br.com.lojaapi.coreapi.entrega.ReenviarEntregaCommand;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Recoveries of a webhook's failed deliveries. Starting one records which deliveries it re-sends
 * ({@link RecuperacaoDeWebhook}), refused while another recovery of the webhook runs; the send queue then runs
 * {@link #reenviar} once, on any node, which asks each delivery for a new series in a transaction of its own, so a
 * recovery of thousands never holds one long transaction. Each series sends the delivery's stored body with its id,
 * with the retry delays of the node that took the request.
 */
@Component
public class RecuperadorDeWebhooks {

    /** A recovery that has not finished by then (a delivery that never ended its series) no longer blocks the next. */
    static final Duration FOLGA = Duration.ofHours(24);
    private static final Logger log = LoggerFactory.getLogger(RecuperadorDeWebhooks.class);

    private final RecuperacoesDeWebhookEmAndamento emAndamento;
    private final Comandos comandos;
    private final EventStore eventos;
    private final ConfiguracaoDosWebhooks configuracao;
    private final TransactionTemplate transacao;
    private final Clock relogio;
    private final FilaDeWebhooks fila;

    RecuperadorDeWebhooks(RecuperacoesDeWebhookEmAndamento emAndamento, Comandos comandos, EventStore eventos,
                          ConfiguracaoDosWebhooks configuracao, PlatformTransactionManager transacoes,
                          Clock relogio, FilaDeWebhooks fila) {
        this.fila = fila;
        this.emAndamento = emAndamento;
        this.comandos = comandos;
        this.eventos = eventos;
        this.configuracao = configuracao;
        this.transacao = new TransactionTemplate(transacoes);
        this.relogio = relogio;
    }

    /**
     * Starts a recovery of {@code entregaIds} (chosen by the caller among the webhook's failed deliveries) and returns
     * how many it re-sends; with none, nothing starts. A recovery of the webhook still running is a conflict, also
     * with none to re-send.
     */
    public int recuperar(String lojaId, String webhookId, Instant desde, List<String> entregaIds, Instant agora) {
        Optional<Integer> pendentes = emAndamento.pendentes(webhookId, agora);
        if (pendentes.isPresent()) {
            throw RecuperacoesDeWebhookEmAndamento.emAndamento(pendentes.get());
        }
        if (entregaIds.isEmpty()) {
            return 0;
        }
        Instant validaAte = agora.plus(configuracao.duracaoDeUmaSerie()).plus(FOLGA);
        // The store says its endpoint is back: its circuit closes, so the recovery's attempts go out at once
        // (and it opens again after as many failures as it took the first time).
        fila.fecharCircuito(webhookId);
        return comandos.enviar(new RecuperarEntregasDoWebhookCommand(UUID.randomUUID().toString(), lojaId,
                webhookId, desde, entregaIds, configuracao.atrasosMs(), agora, validaAte), Integer.class,
                TestadorDeWebhooks.NAO_ENCONTRADO);
    }

    /**
     * The recovery's series, asked of each delivery. Run again after a node died midway, it asks again: a delivery
     * that already has this recovery's series keeps it. One that refuses (it cannot be one of this webhook's
     * failed deliveries, unless the read model was wrong) leaves the recovery at once rather than hold it.
     */
    void reenviar(String recuperacaoId) {
        RecuperacaoDoWebhookIniciadaEvent recuperacao = inicio(recuperacaoId);
        for (String entregaId : recuperacao.entregaIds()) {
            try {
                comandos.enviar(new ReenviarEntregaCommand(entregaId, recuperacao.lojaId(), recuperacao.webhookId(),
                        recuperacao.atrasosMs(), relogio.instant(), recuperacaoId), Integer.class,
                        Entrega.NAO_ENCONTRADA);
            } catch (ErroDeNegocio e) {
                log.warn("Recuperação {}: a entrega {} não foi reenviada: {}", recuperacaoId, entregaId,
                        e.getMessage());
                transacao.executeWithoutResult(t -> emAndamento.liberar(entregaId));
            }
        }
        log.info("Recuperação {} do webhook {}: {} entrega(s) com nova série", recuperacaoId,
                recuperacao.webhookId(), recuperacao.entregaIds().size());
    }

    private RecuperacaoDoWebhookIniciadaEvent inicio(String recuperacaoId) {
        DomainEventStream stream = eventos.readEvents(recuperacaoId);
        while (stream.hasNext()) {
            if (stream.next().getPayload() instanceof RecuperacaoDoWebhookIniciadaEvent inicio) {
                return inicio;
            }
        }
        throw new IllegalStateException("recuperação sem início: " + recuperacaoId);
    }
}
