package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Writers waiting for read-model rows, and the row changes PostgreSQL reports for them. Every read-model table
 * notifies {@code MODELO:id:versao} (or {@code MODELO:id:-} when the row is gone) at commit, on every node; a
 * notification goes only to the writers waiting for that row, so a busy node does not re-query the database for
 * every commit of every projection. An empty payload means the listening connection was (re)established, and
 * notifications sent before may have been lost: every waiting writer is told to read its rows again.
 */
public class AvisosDeLeitura {

    private static final Logger log = LoggerFactory.getLogger(AvisosDeLeitura.class);

    private final Map<String, Set<Espera>> esperas = new ConcurrentHashMap<>();
    private final Set<Espera> todas = ConcurrentHashMap.newKeySet();

    /** A change of one row ({@code versao} empty: the row is gone), or, with no row, "read again". */
    public record Aviso(ModeloLeitura modelo, String id, Optional<Long> versao) {

        static final Aviso RELER = new Aviso(null, null, Optional.empty());

        public boolean reler() {
            return modelo == null;
        }
    }

    /** One row a writer waits for. */
    public record Linha(ModeloLeitura modelo, String id) {
    }

    /** Registers interest in a row; register before reading the row, so no change slips in between. */
    public Espera esperar(ModeloLeitura modelo, String id) {
        return esperar(List.of(new Linha(modelo, id)));
    }

    /** Registers interest in several rows, whose notifications arrive in one queue. */
    public Espera esperar(Collection<Linha> linhas) {
        Espera espera = new Espera(linhas.stream().map(l -> chave(l.modelo().name(), l.id())).distinct().toList());
        todas.add(espera);
        // Added inside compute: a concurrent remover dropping the (empty) set cannot orphan this wait.
        espera.chaves.forEach(chave -> esperas.compute(chave, (c, conjunto) -> {
            Set<Espera> atual = conjunto == null ? ConcurrentHashMap.newKeySet() : conjunto;
            atual.add(espera);
            return atual;
        }));
        return espera;
    }

    /** Handles one {@code leitura_atualizada} payload. */
    public void notificar(String payload) {
        if (payload == null || payload.isEmpty()) {
            todas.forEach(espera -> espera.avisos.offer(Aviso.RELER));
            return;
        }
        int fimModelo = payload.indexOf(':');
        int inicioVersao = payload.lastIndexOf(':');
        if (fimModelo < 0 || inicioVersao <= fimModelo) {
            log.warn("Aviso de leitura ignorado: {}", payload);
            return;
        }
        String modelo = payload.substring(0, fimModelo);
        String id = payload.substring(fimModelo + 1, inicioVersao);
        Set<Espera> interessadas = esperas.get(chave(modelo, id));
        if (interessadas == null) {
            return;
        }
        String versao = payload.substring(inicioVersao + 1);
        // a known model: waits are registered under the names of ModeloLeitura only
        Aviso aviso = new Aviso(ModeloLeitura.valueOf(modelo), id,
                versao.equals("-") ? Optional.empty() : Optional.of(Long.parseLong(versao)));
        interessadas.forEach(espera -> espera.avisos.offer(aviso));
    }

    private void remover(Espera espera) {
        todas.remove(espera);
        espera.chaves.forEach(chave -> esperas.computeIfPresent(chave, (c, conjunto) -> {
            conjunto.remove(espera);
            return conjunto.isEmpty() ? null : conjunto;
        }));
    }

    private static String chave(String modelo, String id) {
        return modelo + ":" + id;
    }

    /** One writer's wait for its rows. Close it when done. */
    public final class Espera implements AutoCloseable {

        private final List<String> chaves;
        private final LinkedBlockingQueue<Aviso> avisos = new LinkedBlockingQueue<>();

        private Espera(List<String> chaves) {
            this.chaves = chaves;
        }

        /** The next notification for one of the rows (or to read them again), or empty when none came in time. */
        public Optional<Aviso> proximo(long nanos) throws InterruptedException {
            return Optional.ofNullable(avisos.poll(nanos, TimeUnit.NANOSECONDS));
        }

        @Override
        public void close() {
            remover(this);
        }
    }
}
