package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.entrega.TentativaAgendadaEvent;

import java.time.Instant;
import java.util.List;

/** The delivery that the aggregate's and the saga's tests follow: its ids, its retry delays, its moments. */
final class UmaEntrega {

    static final String ID = "entrega-1";
    static final String LOJA = "loja-1";
    static final String WEBHOOK = "wh-1";
    static final List<Long> ATRASOS = List.of(1_000L, 5_000L, 30_000L, 120_000L);
    static final List<Long> ATRASOS_DO_REENVIO = List.of(2_000L, 60_000L);
    static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");

    private UmaEntrega() {
    }

    static TentativaAgendadaEvent agendada(int serie, int tentativa) {
        return new TentativaAgendadaEvent(ID, LOJA, WEBHOOK, serie, tentativa);
    }
}
