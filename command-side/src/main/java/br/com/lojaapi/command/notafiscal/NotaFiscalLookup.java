package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.command.anexo.LookupDeAnexos;
import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.command.comum.Travas;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * Keeps {@code nota_fiscal_lookup}: which invoice of the store has each identity (access key, or NFS-e provider +
 * number + verification code) and to which order it is linked.
 */
@Component
@ProcessingGroup(GruposDeLookup.NOTA_FISCAL)
class NotaFiscalLookup extends LookupDeAnexos {

    NotaFiscalLookup(JdbcTemplate jdbc) {
        super(jdbc, "nota_fiscal_lookup", "nota_id", "identidade");
    }

    record Vinculo(String notaId, String pedidoId) {
    }

    /** Serialises, until the end of the transaction and on every node, everything done under this name. */
    void travar(String nome) {
        Travas.exclusiva(jdbc, nome);
    }

    Optional<Vinculo> porIdentidade(String lojaId, String identidade) {
        return jdbc.query("SELECT nota_id, pedido_id FROM nota_fiscal_lookup WHERE loja_id = ? AND identidade = ?",
                (rs, i) -> new Vinculo(rs.getString(1), rs.getString(2)), lojaId, identidade).stream().findFirst();
    }

    Optional<String> identidadeDe(String lojaId, String notaId) {
        return jdbc.queryForList("SELECT identidade FROM nota_fiscal_lookup WHERE nota_id = ? AND loja_id = ?",
                String.class, notaId, lojaId).stream().findFirst();
    }

    @EventHandler
    void on(NotaFiscalRegistradaEvent e) {
        EstadoDaNota n = e.nota();
        inserir(n.notaId(), n.lojaId(), n.pedidoId(), n.dados().identidade(),
                "Esta nota fiscal já está vinculada a um pedido da loja");
    }

    @EventHandler
    void on(NotaFiscalRemovidaEvent e) {
        apagar(e.nota().notaId());
    }
}
