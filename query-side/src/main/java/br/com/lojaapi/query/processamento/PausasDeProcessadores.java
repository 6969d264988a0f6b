package br.com.lojaapi.query.processamento;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.time.Duration;

/**
 * A processor left alone by every node for a while (a rebuild's swap): a row in {@code pausa_de_processador} makes
 * {@link DivisaoDeSegmentos} give it no segments on any node, so each releases what it holds after its current batch,
 * at its next look for segments. The row names its node and carries a deadline, so a pause whose node died ends by
 * itself.
 */
@Component
public class PausasDeProcessadores {

    private final JdbcTemplate jdbc;
    private final NosEmExecucao nos;
    private final String no;
    private final Duration ausencia;

    PausasDeProcessadores(JdbcTemplate jdbc, NosEmExecucao nos, IdentidadeDoNo identidade,
                          @Value("${loja.nos.ausencia:4s}") Duration ausencia) {
        this.jdbc = jdbc;
        this.nos = nos;
        this.no = identidade.id();
        this.ausencia = ausencia;
    }

    /** Every node releases the processor's segments and claims none until {@link #retomar} or {@code duracao}. */
    public void pausar(String processador, Duration duracao) {
        jdbc.update("""
                INSERT INTO pausa_de_processador (processador, dono, ate) VALUES (?, ?, now() + make_interval(secs => ?))
                ON CONFLICT (processador) DO UPDATE SET dono = EXCLUDED.dono, ate = EXCLUDED.ate""",
                processador, no, duracao.toMillis() / 1000.0);
        nos.bater();
    }

    /** Ends this node's pause of the processor; the nodes claim its segments again at their next look. */
    public void retomar(String processador) {
        jdbc.update("DELETE FROM pausa_de_processador WHERE processador = ? AND dono = ?", processador, no);
        nos.bater();
    }

    /**
     * Waits until no other running node holds a segment of the processor (one that stopped beating is not running: it
     * processes nothing, and its claims only wait to time out). False if some still did after {@code limite}.
     */
    public boolean aguardarLiberacao(String processador, Duration limite) {
        long fim = System.nanoTime() + limite.toNanos();
        while (true) {
            Integer retidos = jdbc.queryForObject("""
                    SELECT count(*) FROM token_entry t
                     WHERE t.processor_name = ? AND t.owner IS NOT NULL AND t.owner <> ?
                       AND EXISTS (SELECT 1 FROM no_em_execucao n
                                    WHERE n.id = t.owner AND n.visto_em > now() - make_interval(secs => ?))""",
                    Integer.class, processador, no, ausencia.toMillis() / 1000.0);
            if (retidos == null || retidos == 0) {
                return true;
            }
            if (System.nanoTime() > fim) {
                return false;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }
}
