package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.RecuperadorDeWebhooks;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.entrega.ListarEntregasParaRecuperarQuery;
import br.com.lojaapi.gateway.pedido.Datas;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The recovery of a webhook's failed deliveries since a moment, one operation with one set of rules whoever asks:
 * the store ({@code POST /v1/webhooks/{id}/recuperar}) or the operator for a store
 * ({@code POST /admin/lojas/{lojaId}/webhooks/{webhookId}/recuperar}).
 */
@Component
class RecuperacaoDeEntregas {

    /** How far back a recovery may reach. */
    static final Duration ALCANCE = Duration.ofDays(30);
    /** A recovery's deliveries are one event and one transaction: bounded, the oldest failures first. */
    static final int MAXIMO_POR_RECUPERACAO = 10_000;

    private final LogDeEntregas log;
    private final QueryGateway consultas;
    private final RecuperadorDeWebhooks recuperador;
    private final Clock relogio;

    RecuperacaoDeEntregas(LogDeEntregas log, QueryGateway consultas, RecuperadorDeWebhooks recuperador,
                          Clock relogio) {
        this.log = log;
        this.consultas = consultas;
        this.recuperador = recuperador;
        this.relogio = relogio;
    }

    /** 404 unless the webhook is the store's, 409 once it was removed. */
    void exigirAtivo(String lojaId, String webhookId) {
        log.ativo(lojaId, webhookId);
    }

    /** Starts the recovery of the store's webhook (which must be {@linkplain #exigirAtivo active}). */
    RecuperacaoJson recuperar(String lojaId, String webhookId, PedidoDeRecuperacao corpo) {
        Instant agora = relogio.instant();
        Instant desde = desde(corpo, agora);
        List<String> falhas = consultas.query(new ListarEntregasParaRecuperarQuery(lojaId, webhookId, desde,
                MAXIMO_POR_RECUPERACAO + 1), ResponseTypes.multipleInstancesOf(String.class)).join();
        boolean todas = falhas.size() <= MAXIMO_POR_RECUPERACAO;
        List<String> entregas = todas ? falhas : falhas.subList(0, MAXIMO_POR_RECUPERACAO);
        int recuperadas = recuperador.recuperar(lojaId, webhookId, desde, entregas, agora);
        return new RecuperacaoJson(recuperadas, todas, desde);
    }

    private static Instant desde(PedidoDeRecuperacao corpo, Instant agora) {
        Instant desde = Datas.instante(corpo == null ? null : corpo.desde(), "desde");
        if (desde == null) {
            throw ErroDeNegocio.invalido("Informe desde: a data-hora ISO-8601 com fuso a partir da qual recuperar");
        }
        if (desde.isAfter(agora)) {
            throw ErroDeNegocio.invalido("desde não pode estar no futuro");
        }
        if (desde.isBefore(agora.minus(ALCANCE))) {
            throw ErroDeNegocio.invalido("desde pode ser no máximo " + ALCANCE.toDays() + " dias atrás");
        }
        return desde;
    }
}
