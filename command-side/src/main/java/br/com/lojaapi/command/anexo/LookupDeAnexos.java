package br.com.lojaapi.command.anexo;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;

/**
 * A command-side lookup table of an order's attachments, kept in the command's transaction by its subclass's
 * event handlers (subscribing processor, errors propagate): one row per attachment, with the store, the order and
 * the key that tells two sends of the same attachment apart. Its unique key is the last guard against one
 * attachment linked twice.
 */
public abstract class LookupDeAnexos {

    protected final JdbcTemplate jdbc;
    private final String tabela;
    private final String colunaDoId;
    private final String colunaDaChave;

    protected LookupDeAnexos(JdbcTemplate jdbc, String tabela, String colunaDoId, String colunaDaChave) {
        this.jdbc = jdbc;
        this.tabela = tabela;
        this.colunaDoId = colunaDoId;
        this.colunaDaChave = colunaDaChave;
    }

    int doPedido(String lojaId, String pedidoId) {
        Integer total = jdbc.queryForObject("SELECT COUNT(*) FROM " + tabela + " WHERE loja_id = ? AND pedido_id = ?",
                Integer.class, lojaId, pedidoId);
        return total == null ? 0 : total;
    }

    List<String> idsDoPedido(String lojaId, String pedidoId) {
        return jdbc.queryForList("SELECT " + colunaDoId + " FROM " + tabela + " WHERE loja_id = ? AND pedido_id = ? "
                + "ORDER BY " + colunaDoId, String.class, lojaId, pedidoId);
    }

    /** A new attachment; the same key taken already is {@code conflito} (409). */
    protected void inserir(String id, String lojaId, String pedidoId, String chave, String conflito) {
        try {
            jdbc.update("INSERT INTO " + tabela + " (" + colunaDoId + ", loja_id, pedido_id, " + colunaDaChave
                    + ") VALUES (?, ?, ?, ?)", id, lojaId, pedidoId, chave);
        } catch (DuplicateKeyException duplicada) {
            throw ErroDeNegocio.conflito(conflito);
        }
    }

    protected void apagar(String id) {
        jdbc.update("DELETE FROM " + tabela + " WHERE " + colunaDoId + " = ?", id);
    }
}
