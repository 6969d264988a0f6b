package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.categoria.CategoriaLookup;
import br.com.lojaapi.command.grupo.GrupoComplementoLookup;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Product references checked against command-side lookup tables, never against read models. */
@Component
class ReferenciasNoLadoDeComando implements ReferenciasDaLoja {

    private final CategoriaLookup categorias;
    private final GrupoComplementoLookup grupos;
    private final JdbcTemplate jdbc;

    ReferenciasNoLadoDeComando(CategoriaLookup categorias, GrupoComplementoLookup grupos, JdbcTemplate jdbc) {
        this.categorias = categorias;
        this.grupos = grupos;
        this.jdbc = jdbc;
    }

    /** Holds the category (shared lock until the transaction ends) so it cannot be removed under the product. */
    @Override
    public boolean categoriaDaLoja(String lojaId, String categoriaId) {
        if (categoriaId == null) {
            return false;
        }
        ProdutoLookup.travarCategoriaCompartilhado(jdbc, categoriaId);
        return categorias.daLoja(lojaId, categoriaId);
    }

    @Override
    public boolean grupoDaLoja(String lojaId, String grupoId) {
        return grupos.daLoja(lojaId, grupoId);
    }
}
