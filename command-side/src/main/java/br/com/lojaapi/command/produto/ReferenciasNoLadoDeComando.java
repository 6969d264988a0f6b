package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.categoria.CategoriaLookup;
import br.com.lojaapi.command.grupo.GrupoComplementoLookup;
import org.springframework.stereotype.Component;

/** Product references checked against command-side lookup tables, never against read models. */
@Component
class ReferenciasNoLadoDeComando implements ReferenciasDaLoja {

    private final CategoriaLookup categorias;
    private final GrupoComplementoLookup grupos;

    ReferenciasNoLadoDeComando(CategoriaLookup categorias, GrupoComplementoLookup grupos) {
        this.categorias = categorias;
        this.grupos = grupos;
    }

    /** Holds the category (shared lock until the transaction ends) so it cannot be removed under the product. */
    @Override
    public boolean categoriaDaLoja(String lojaId, String categoriaId) {
        return categoriaId != null && categorias.daLoja(lojaId, categoriaId);
    }

    @Override
    public boolean grupoDaLoja(String lojaId, String grupoId) {
        return grupos.daLoja(lojaId, grupoId);
    }
}
