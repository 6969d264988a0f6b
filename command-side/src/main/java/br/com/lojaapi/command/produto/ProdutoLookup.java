package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Command-side index of products by ERP code, kept in the command's transaction. Codes are not unique (the
 * contract lets several products share one); upserts pick the most recently changed, so each change takes the
 * next number of a sequence.
 */
@Component
@ProcessingGroup(GruposDeLookup.PRODUTO)
class ProdutoLookup {

    private final JdbcTemplate jdbc;

    ProdutoLookup(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Serialises upserts of one code in one store until the end of the transaction, on every node. */
    void travarCodigo(String lojaId, long codIntegracao) {
        jdbc.queryForList("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))",
                "produto-codigo:" + lojaId + ":" + codIntegracao);
    }

    /** Products of the store (not removed) with the code, most recently changed first. */
    List<String> comCodigo(String lojaId, long codIntegracao) {
        return jdbc.queryForList("""
                SELECT produto_id FROM produto_lookup WHERE loja_id = ? AND cod_integracao = ?
                 ORDER BY alteracao DESC""", String.class, lojaId, codIntegracao);
    }

    @EventHandler
    void on(ProdutoCriadoEvent evento) {
        jdbc.update("""
                INSERT INTO produto_lookup (produto_id, loja_id, cod_integracao, alteracao)
                VALUES (?, ?, ?, nextval('produto_lookup_alteracao_seq'))""",
                evento.produtoId(), evento.lojaId(), evento.dados().codIntegracao());
    }

    @EventHandler
    void on(ProdutoAtualizadoEvent evento) {
        jdbc.update("""
                UPDATE produto_lookup SET cod_integracao = ?, alteracao = nextval('produto_lookup_alteracao_seq')
                 WHERE produto_id = ?""", evento.dados().codIntegracao(), evento.produtoId());
    }

    @EventHandler
    void on(ProdutoRemovidoEvent evento) {
        jdbc.update("DELETE FROM produto_lookup WHERE produto_id = ?", evento.produtoId());
    }
}
