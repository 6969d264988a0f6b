package br.com.lojaapi.query.notafiscal;

import br.com.lojaapi.coreapi.notafiscal.BuscarNotaFiscalQuery;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.notafiscal.EventoDaNota;
import br.com.lojaapi.coreapi.notafiscal.ListarNotasFiscaisQuery;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalView;
import br.com.lojaapi.query.anexo.TabelaDeAnexos;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * Read model of invoices ({@code nota_fiscal_view}), with the columns an order's summary and the lists need beside
 * the whole invoice.
 */
@Component
@TabelasDoModelo("nota_fiscal_view")
@ProcessingGroup("nota-fiscal-view")
class NotaFiscalProjection {

    private final TabelaDeAnexos<EstadoDaNota> notas;

    NotaFiscalProjection(JdbcTemplate jdbc) {
        notas = new TabelaDeAnexos<>(jdbc, "nota_fiscal_view", "nota", EstadoDaNota.class, EstadoDaNota::notaId,
                EstadoDaNota::lojaId, EstadoDaNota::pedidoId, EstadoDaNota::criadoEm)
                .com("chave", n -> n.dados().chave())
                .com("numero", n -> n.dados().numero())
                .com("serie", n -> n.dados().serie())
                .com("modelo", n -> n.dados().modelo())
                .com("situacao", EstadoDaNota::situacao)
                .com("valor_total", n -> n.dados().valorTotal());
    }

    @EventHandler
    void on(EventoDaNota e, @SequenceNumber long versao) {
        notas.gravar(e.nota(), e.removidaEm(), versao);
    }

    @ResetHandler
    void reset() {
        notas.esvaziar();
    }

    @QueryHandler
    List<NotaFiscalView> handle(ListarNotasFiscaisQuery consulta) {
        return notas.doPedido(consulta.lojaId(), consulta.pedidoId(), NotaFiscalView::new);
    }

    @QueryHandler
    Optional<NotaFiscalView> handle(BuscarNotaFiscalQuery consulta) {
        return notas.buscar(consulta.lojaId(), consulta.pedidoId(), consulta.notaId(), NotaFiscalView::new);
    }
}
