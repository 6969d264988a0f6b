package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Writers waiting for a read-model row, and the row changes PostgreSQL reports for them. Every read-model table
 * notifies {@code MODELO:id:versao} (or {@code MODELO:id:-} when the row is gone) at commit, on every node; a
 * notification goes only to the writers waiting for that row, so a busy node does not re-query the database for
 * every commit of every projection.
 */
public class AvisosDeLeitura {

    private static final Logger log = LoggerFactory.getLogger(AvisosDeLeitura.class);

    private final Map<String, Set<Espera>> esperas = new ConcurrentHashMap<>();

    /** Registers interest in a row; register before reading the row, so no change slips in between. */
    public Espera esperar(ModeloLeitura modelo, String id) {
        Espera espera = new Espera(chave(modelo.name(), id));
        // Added inside compute: a concurrent remover dropping the (empty) set cannot orphan this wait.
        esperas.compute(espera.chave, (c, conjunto) -> {
            Set<Espera> atual = conjunto == null ? ConcurrentHashMap.newKeySet() : conjunto;
            atual.add(espera);
            return atual;
        });
        return espera;
    }

    /** Handles one {@code leitura_atualizada} payload. */
    public void notificar(String payload) {
        if (payload == null || payload.isEmpty()) {
            return;
        }
        int fimModelo = payload.indexOf(':');
        int inicioVersao = payload.lastIndexOf(':');
        if (fimModelo < 0 || inicioVersao <= fimModelo) {
            log.warn("Aviso de leitura ignorado: {}", payload);
            return;
        }
        Set<Espera> interessadas = esperas.get(chave(payload.substring(0, fimModelo),
                payload.substring(fimModelo + 1, inicioVersao)));
        if (interessadas == null) {
            return;
        }
        String versao = payload.substring(inicioVersao + 1);
        Optional<Long> estado = versao.equals("-") ? Optional.empty() : Optional.of(Long.parseLong(versao));
        interessadas.forEach(espera -> espera.avisos.offer(estado));
    }

    private void remover(Espera espera) {
        esperas.computeIfPresent(espera.chave, (c, conjunto) -> {
            conjunto.remove(espera);
            return conjunto.isEmpty() ? null : conjunto;
        });
    }

    private static String chave(String modelo, String id) {
        return modelo + ":" + id;
    }

    /** One writer's wait for one row. Close it when done. */
    public final class Espera implements AutoCloseable {

        private final String chave;
        private final LinkedBlockingQueue<Optional<Long>> avisos = new LinkedBlockingQueue<>();

        private Espera(String chave) {
            this.chave = chave;
        }

        /**
         * The row's state from the next notification (empty inner Optional: the row is gone), or empty when none
         * came within the time given.
         */
        public Optional<Optional<Long>> proximo(long nanos) throws InterruptedException {
            return Optional.ofNullable(avisos.poll(nanos, TimeUnit.NANOSECONDS));
        }

        @Override
        public void close() {
            remover(this);
        }
    }
}
