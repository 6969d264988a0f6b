package br.com.lojaapi.command.envio;

import br.com.lojaapi.command.anexo.LookupDeAnexos;
import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * Keeps {@code etiqueta_lookup}: the carrier labels of each order, by tracking code, for idempotent resends and the
 * limit per order. A label's code never changes (a resend is found by it), so only creation and removal touch this
 * table.
 */
@Component
@ProcessingGroup(GruposDeLookup.ETIQUETA_DE_ENVIO)
class EtiquetaDeEnvioLookup extends LookupDeAnexos {

    EtiquetaDeEnvioLookup(JdbcTemplate jdbc) {
        super(jdbc, "etiqueta_lookup", "etiqueta_id", "codigo_rastreio");
    }

    Optional<String> porCodigo(String lojaId, String pedidoId, String codigoRastreio) {
        return jdbc.queryForList("SELECT etiqueta_id FROM etiqueta_lookup WHERE loja_id = ? AND pedido_id = ? "
                + "AND codigo_rastreio = ?", String.class, lojaId, pedidoId, codigoRastreio).stream().findFirst();
    }

    @EventHandler
    void on(EtiquetaRegistradaEvent e) {
        EstadoDaEtiqueta et = e.etiqueta();
        inserir(et.etiquetaId(), et.lojaId(), et.pedidoId(), et.dados().codigoRastreio(),
                "O pedido já tem uma etiqueta com o código de rastreio " + et.dados().codigoRastreio());
    }

    @EventHandler
    void on(EtiquetaRemovidaEvent e) {
        apagar(e.etiqueta().etiquetaId());
    }
}
