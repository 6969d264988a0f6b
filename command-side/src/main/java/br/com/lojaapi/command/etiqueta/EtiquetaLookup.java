package br.com.lojaapi.command.etiqueta;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * Keeps {@code etiqueta_lookup} in the command's transaction (subscribing processor, errors propagate): the
 * carrier labels of each order, by tracking code, for idempotent resends and the limit per order. A label's code
 * never changes (a resend is found by it), so only creation and removal touch this table.
 */
@Component
@ProcessingGroup(GruposDeLookup.ETIQUETA)
class EtiquetaLookup {

    private final JdbcTemplate jdbc;

    EtiquetaLookup(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Optional<String> porCodigo(String lojaId, String pedidoId, String codigoRastreio) {
        return jdbc.queryForList("SELECT etiqueta_id FROM etiqueta_lookup WHERE loja_id = ? AND pedido_id = ? "
                + "AND codigo_rastreio = ?", String.class, lojaId, pedidoId, codigoRastreio).stream().findFirst();
    }

    int doPedido(String lojaId, String pedidoId) {
        Integer total = jdbc.queryForObject("SELECT COUNT(*) FROM etiqueta_lookup WHERE loja_id = ? AND pedido_id = ?",
                Integer.class, lojaId, pedidoId);
        return total == null ? 0 : total;
    }

    List<String> idsDoPedido(String lojaId, String pedidoId) {
        return jdbc.queryForList("SELECT etiqueta_id FROM etiqueta_lookup WHERE loja_id = ? AND pedido_id = ? "
                + "ORDER BY etiqueta_id", String.class, lojaId, pedidoId);
    }

    @EventHandler
    void on(EtiquetaRegistradaEvent e) {
        EstadoDaEtiqueta et = e.etiqueta();
        try {
            jdbc.update("INSERT INTO etiqueta_lookup (etiqueta_id, loja_id, pedido_id, codigo_rastreio) "
                    + "VALUES (?, ?, ?, ?)", et.etiquetaId(), et.lojaId(), et.pedidoId(), et.dados().codigoRastreio());
        } catch (DuplicateKeyException duplicada) {
            throw ErroDeNegocio.conflito("O pedido já tem uma etiqueta com o código de rastreio "
                    + et.dados().codigoRastreio());
        }
    }

    @EventHandler
    void on(EtiquetaRemovidaEvent e) {
        jdbc.update("DELETE FROM etiqueta_lookup WHERE etiqueta_id = ?", e.etiqueta().etiquetaId());
    }
}
