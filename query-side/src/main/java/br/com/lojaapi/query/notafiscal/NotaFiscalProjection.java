package br.com.lojaapi.query.notafiscal;

import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalAtualizadaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalCanceladaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;

/**
 * Read model of invoices: every event carries the whole invoice, so each one is an upsert of it, guarded by the
 * invoice's version ({@code versao < excluded.versao}) so a replay or a batch processed twice leaves the same row.
 */
@Component
@TabelasDoModelo("nota_fiscal_view")
@ProcessingGroup(NotaFiscalProjection.GRUPO)
class NotaFiscalProjection {

    static final String GRUPO = "nota-fiscal-view";

    private final JdbcTemplate jdbc;

    NotaFiscalProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(NotaFiscalRegistradaEvent e, @SequenceNumber long versao) {
        gravar(e.nota(), null, versao);
    }

    @EventHandler
    void on(NotaFiscalAtualizadaEvent e, @SequenceNumber long versao) {
        gravar(e.nota(), null, versao);
    }

    @EventHandler
    void on(NotaFiscalCanceladaEvent e, @SequenceNumber long versao) {
        gravar(e.nota(), null, versao);
    }

    @EventHandler
    void on(NotaFiscalRemovidaEvent e, @SequenceNumber long versao) {
        gravar(e.nota(), e.removidaEm(), versao);
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for a table about to be rebuilt. */
    @ResetHandler
    void reset() {
        jdbc.execute("TRUNCATE nota_fiscal_view");
    }

    private void gravar(EstadoDaNota n, Instant removidaEm, long versao) {
        jdbc.update("""
                INSERT INTO nota_fiscal_view (id, loja_id, pedido_id, chave, numero, serie, modelo, situacao,
                       valor_total, nota, criado_em, removida_em, versao)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET chave = excluded.chave, numero = excluded.numero,
                       serie = excluded.serie, modelo = excluded.modelo, situacao = excluded.situacao,
                       valor_total = excluded.valor_total, nota = excluded.nota, removida_em = excluded.removida_em,
                       versao = excluded.versao
                 WHERE nota_fiscal_view.versao < excluded.versao""",
                n.notaId(), n.lojaId(), n.pedidoId(), n.dados().chave(), n.dados().numero(), n.dados().serie(),
                n.dados().modelo(), n.situacao(), n.dados().valorTotal(), DocumentoDaNota.escrever(n),
                Timestamp.from(n.criadoEm()), removidaEm == null ? null : Timestamp.from(removidaEm), versao);
    }
}
