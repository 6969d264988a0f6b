package br.com.lojaapi.command.loja;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Maintains {@code loja_slug} inside the command's transaction (subscribing processor, errors propagate). */
@Component
@ProcessingGroup(GruposDeLookup.LOJA_SLUG)
class LojaSlugLookup implements SlugsDeLoja {

    private final JdbcTemplate jdbc;

    LojaSlugLookup(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void exigirLivre(String slug, String lojaId) {
        Boolean emUso = jdbc.queryForObject(
                "SELECT EXISTS (SELECT 1 FROM loja_slug WHERE slug = ? AND loja_id <> ?)", Boolean.class, slug, lojaId);
        if (Boolean.TRUE.equals(emUso)) {
            throw slugEmUso(slug);
        }
    }

    @EventHandler
    void on(LojaCriadaEvent evento) {
        try {
            jdbc.update("INSERT INTO loja_slug (loja_id, slug) VALUES (?, ?)", evento.lojaId(), evento.dados().slug());
        } catch (DuplicateKeyException e) {
            throw slugEmUso(evento.dados().slug());
        }
    }

    @EventHandler
    void on(LojaAtualizadaEvent evento) {
        try {
            jdbc.update("UPDATE loja_slug SET slug = ? WHERE loja_id = ?", evento.dados().slug(), evento.lojaId());
        } catch (DuplicateKeyException e) {
            throw slugEmUso(evento.dados().slug());
        }
    }

    private static ErroDeNegocio slugEmUso(String slug) {
        return ErroDeNegocio.conflito("O slug '" + slug + "' já é usado por outra loja");
    }
}
