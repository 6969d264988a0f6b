package br.com.lojaapi.query.sincronia;

import br.com.lojaapi.query.TesteNoBanco;
import br.com.lojaapi.query.comum.PosicaoDaLeitura;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The settled bound of incremental sync for a read on a hot standby (decision 074): the bound the primary reached is
 * given only to a read on a standby that has replayed the primary's WAL up to where the bound was reached; a standby
 * behind that gets an earlier bound (here none, 0), since an index the primary counts as committed may not have
 * reached it yet and would look like a gap there.
 */
class LacunasEncerradasNaReplicaTest extends TesteNoBanco {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void umaReplicaAtrasadaRecebeOLimiteQueElaJaReproduziu() {
        LacunasEncerradas lacunas = new LacunasEncerradas(jdbc, 100, "jdbc:postgresql://replica/loja");
        long antes = lsn(jdbc.queryForObject("SELECT pg_current_wal_insert_lsn()::text", String.class));
        // an index taken and never used: once no transaction that was open then is, it is settled
        long indice = jdbc.queryForObject("SELECT nextval('domain_event_entry_global_index_seq')", Long.class);
        // WAL written after 'antes', so every bound reached from here is recorded past it: on a quiet server nextval
        // alone may write none (a sequence logs ahead) and the insert position would not move
        jdbc.execute("CREATE TABLE IF NOT EXISTS wal_do_teste (n BIGINT)");
        jdbc.update("INSERT INTO wal_do_teste VALUES (?)", indice);
        long limite = System.nanoTime() + 30_000_000_000L;
        while (lacunas.ate() < indice) {
            if (System.nanoTime() > limite) {
                fail("o índice " + indice + " não ficou encerrado em 30 s; limite " + lacunas.ate());
            }
            lacunas.rodar();
        }
        long noPrimario = lacunas.ate();
        long depois = lsn(jdbc.queryForObject("SELECT pg_current_wal_insert_lsn()::text", String.class));

        try (PosicaoDaLeitura.Fim replica = PosicaoDaLeitura.em(antes)) {
            assertThat(lacunas.ate()).as("réplica que reproduziu só até antes do índice").isZero();
        }
        try (PosicaoDaLeitura.Fim replica = PosicaoDaLeitura.em(depois)) {
            assertThat(lacunas.ate()).as("réplica em dia").isEqualTo(noPrimario);
        }
        assertThat(lacunas.ate()).as("no primário").isEqualTo(noPrimario);
    }

    private static long lsn(String texto) {
        int barra = texto.indexOf('/');
        return (Long.parseLong(texto.substring(0, barra), 16) << 32) | Long.parseLong(texto.substring(barra + 1), 16);
    }
}
