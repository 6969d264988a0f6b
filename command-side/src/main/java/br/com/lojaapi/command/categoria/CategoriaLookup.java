package br.com.lojaapi.command.categoria;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.command.comum.Textos;
import br.com.lojaapi.command.comum.Travas;
import br.com.lojaapi.coreapi.categoria.CategoriaAtualizadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * Keeps {@code categoria_lookup} in the same transaction as the event that changes a name: it runs in a
 * subscribing processor whose errors propagate, so a name taken by a concurrent command rolls the command back.
 */
@Component
@ProcessingGroup(GruposDeLookup.CATEGORIA)
public class CategoriaLookup implements NomesDeCategoria {

    private final JdbcTemplate jdbc;

    public CategoriaLookup(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void travar(String lojaId, String nome) {
        Travas.exclusiva(jdbc, "categoria:" + lojaId + ":" + Textos.chaveDeNome(nome));
    }

    @Override
    public Optional<String> porNome(String lojaId, String nome) {
        return jdbc.queryForList("SELECT categoria_id FROM categoria_lookup WHERE loja_id = ? AND nome_chave = ?",
                String.class, lojaId, Textos.chaveDeNome(nome)).stream().findFirst();
    }

    /**
     * Whether the category exists in the store, for a product that points at it: holds the category's reference
     * lock (shared) until the transaction ends, so it cannot be removed under the product ({@link ProdutosDaCategoria}).
     */
    public boolean daLoja(String lojaId, String categoriaId) {
        Travas.compartilhada(jdbc, ProdutosDaCategoria.TRAVA + categoriaId);
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "SELECT EXISTS (SELECT 1 FROM categoria_lookup WHERE categoria_id = ? AND loja_id = ?)",
                Boolean.class, categoriaId, lojaId));
    }

    @Override
    public void exigirLivre(String lojaId, String nome, String categoriaId) {
        travar(lojaId, nome);
        Boolean emUso = jdbc.queryForObject(
                "SELECT EXISTS (SELECT 1 FROM categoria_lookup WHERE loja_id = ? AND nome_chave = ? AND categoria_id <> ?)",
                Boolean.class, lojaId, Textos.chaveDeNome(nome), categoriaId);
        if (Boolean.TRUE.equals(emUso)) {
            throw nomeEmUso(nome);
        }
    }

    @Override
    public int proximaOrdem(String lojaId) {
        Integer maior = jdbc.queryForObject("SELECT MAX(ordem) FROM categoria_lookup WHERE loja_id = ?",
                Integer.class, lojaId);
        return maior == null ? 1 : maior + 1;
    }

    @EventHandler
    void on(CategoriaCriadaEvent evento) {
        try {
            jdbc.update("INSERT INTO categoria_lookup (categoria_id, loja_id, nome_chave, ordem) VALUES (?, ?, ?, ?)",
                    evento.categoriaId(), evento.lojaId(), Textos.chaveDeNome(evento.nome()), evento.ordem());
        } catch (DuplicateKeyException e) {
            throw nomeEmUso(evento.nome());
        }
    }

    @EventHandler
    void on(CategoriaAtualizadaEvent evento) {
        try {
            jdbc.update("UPDATE categoria_lookup SET nome_chave = ?, ordem = ? WHERE categoria_id = ?",
                    Textos.chaveDeNome(evento.nome()), evento.ordem(), evento.categoriaId());
        } catch (DuplicateKeyException e) {
            throw nomeEmUso(evento.nome());
        }
    }

    @EventHandler
    void on(CategoriaRemovidaEvent evento) {
        jdbc.update("DELETE FROM categoria_lookup WHERE categoria_id = ?", evento.categoriaId());
    }

    private static ErroDeNegocio nomeEmUso(String nome) {
        return ErroDeNegocio.invalido("Já existe uma categoria chamada '" + nome + "' nesta loja");
    }
}
