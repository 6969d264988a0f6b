package br.com.lojaapi.command.grupo;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoCriadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoRemovidoEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Command-side record of which complement groups exist in which store, for references from products. */
@Component
@ProcessingGroup(GruposDeLookup.GRUPO)
public class GrupoComplementoLookup {

    private final JdbcTemplate jdbc;

    GrupoComplementoLookup(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public boolean daLoja(String lojaId, String grupoId) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "SELECT EXISTS (SELECT 1 FROM grupo_complemento_lookup WHERE grupo_id = ? AND loja_id = ?)",
                Boolean.class, grupoId, lojaId));
    }

    @EventHandler
    void on(GrupoComplementoCriadoEvent evento) {
        jdbc.update("INSERT INTO grupo_complemento_lookup (grupo_id, loja_id) VALUES (?, ?)",
                evento.grupoId(), evento.lojaId());
    }

    @EventHandler
    void on(GrupoComplementoRemovidoEvent evento) {
        jdbc.update("DELETE FROM grupo_complemento_lookup WHERE grupo_id = ?", evento.grupoId());
    }
}
