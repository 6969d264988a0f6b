package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * Keeps {@code nota_fiscal_lookup} in the command's transaction (subscribing processor, errors propagate): which
 * invoice of the store has each identity (access key, or NFS-e provider + number + verification code) and to which
 * order it is linked. Its unique key is the last guard against one invoice linked twice.
 */
@Component
@ProcessingGroup(GruposDeLookup.NOTA_FISCAL)
class NotaFiscalLookup {

    private final JdbcTemplate jdbc;

    NotaFiscalLookup(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    record Vinculo(String notaId, String pedidoId) {
    }

    /** Serialises, until the end of the transaction and on every node, everything done under this name. */
    void travar(String nome) {
        jdbc.queryForList("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", nome);
    }

    Optional<Vinculo> porIdentidade(String lojaId, String identidade) {
        return jdbc.query("SELECT nota_id, pedido_id FROM nota_fiscal_lookup WHERE loja_id = ? AND identidade = ?",
                (rs, i) -> new Vinculo(rs.getString(1), rs.getString(2)), lojaId, identidade).stream().findFirst();
    }

    int doPedido(String lojaId, String pedidoId) {
        Integer total = jdbc.queryForObject(
                "SELECT COUNT(*) FROM nota_fiscal_lookup WHERE loja_id = ? AND pedido_id = ?", Integer.class,
                lojaId, pedidoId);
        return total == null ? 0 : total;
    }

    Optional<String> identidadeDe(String lojaId, String notaId) {
        return jdbc.queryForList("SELECT identidade FROM nota_fiscal_lookup WHERE nota_id = ? AND loja_id = ?",
                String.class, notaId, lojaId).stream().findFirst();
    }

    List<String> idsDoPedido(String lojaId, String pedidoId) {
        return jdbc.queryForList("SELECT nota_id FROM nota_fiscal_lookup WHERE loja_id = ? AND pedido_id = ? "
                + "ORDER BY nota_id", String.class, lojaId, pedidoId);
    }

    @EventHandler
    void on(NotaFiscalRegistradaEvent e) {
        EstadoDaNota n = e.nota();
        try {
            jdbc.update("INSERT INTO nota_fiscal_lookup (nota_id, loja_id, pedido_id, identidade) VALUES (?, ?, ?, ?)",
                    n.notaId(), n.lojaId(), n.pedidoId(), n.dados().identidade());
        } catch (DuplicateKeyException duplicada) {
            throw ErroDeNegocio.conflito("Esta nota fiscal já está vinculada a um pedido da loja");
        }
    }

    @EventHandler
    void on(NotaFiscalRemovidaEvent e) {
        jdbc.update("DELETE FROM nota_fiscal_lookup WHERE nota_id = ?", e.nota().notaId());
    }
}
