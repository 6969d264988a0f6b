package br.com.lojaapi.command.cliente;

import br.com.lojaapi.command.comum.GruposDeLookup;
import br.com.lojaapi.command.comum.Travas;
import br.com.lojaapi.coreapi.cliente.ClienteAtualizadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * Keeps {@code cliente_lookup} in the command's transaction (subscribing processor, errors propagate): the
 * store's customers by document, for upserts, and their current data, for orders that name a customer.
 */
@Component
@ProcessingGroup(GruposDeLookup.CLIENTE)
class ClienteLookup implements ClientesDaLoja {

    private static final String COLUNAS =
            "nome, documento, tipo_documento, email, telefone, celular, cep, endereco, numero, bairro, cidade, uf";

    private final JdbcTemplate jdbc;

    ClienteLookup(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Serialises, until the end of the transaction and on every node, everything done with this document. */
    void travar(String lojaId, String documento) {
        Travas.exclusiva(jdbc, "cliente-documento:" + lojaId + ":" + documento);
    }

    /** The store's customer with this (normalised) document, if any. */
    Optional<String> porDocumento(String lojaId, String documento) {
        return jdbc.queryForList("SELECT cliente_id FROM cliente_lookup WHERE loja_id = ? AND documento = ?",
                String.class, lojaId, documento).stream().findFirst();
    }

    @Override
    public Optional<DadosCliente> dadosDe(String lojaId, String clienteId) {
        return jdbc.query("SELECT " + COLUNAS + " FROM cliente_lookup WHERE cliente_id = ? AND loja_id = ?",
                (rs, i) -> new DadosCliente(rs.getString("nome"), rs.getString("documento"),
                        rs.getString("tipo_documento"), rs.getString("email"), rs.getString("telefone"),
                        rs.getString("celular"), rs.getString("cep"), rs.getString("endereco"), rs.getString("numero"),
                        rs.getString("bairro"), rs.getString("cidade"), rs.getString("uf")),
                clienteId, lojaId).stream().findFirst();
    }

    @EventHandler
    void on(ClienteCriadoEvent evento) {
        DadosCliente d = evento.dados();
        try {
            jdbc.update("INSERT INTO cliente_lookup (cliente_id, loja_id, " + COLUNAS
                            + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", evento.clienteId(), evento.lojaId(),
                    d.nome(), d.documento(), d.tipoDocumento(), d.email(), d.telefone(), d.celular(), d.cep(),
                    d.endereco(), d.numero(), d.bairro(), d.cidade(), d.uf());
        } catch (DuplicateKeyException e) {
            throw ErroDeNegocio.conflito("Já existe um cliente com o documento " + d.documento() + " nesta loja");
        }
    }

    @EventHandler
    void on(ClienteAtualizadoEvent evento) {
        DadosCliente d = evento.dados();
        jdbc.update("""
                UPDATE cliente_lookup SET nome = ?, email = ?, telefone = ?, celular = ?, cep = ?, endereco = ?,
                       numero = ?, bairro = ?, cidade = ?, uf = ?
                 WHERE cliente_id = ?""", d.nome(), d.email(), d.telefone(), d.celular(), d.cep(), d.endereco(),
                d.numero(), d.bairro(), d.cidade(), d.uf(), evento.clienteId());
    }
}
