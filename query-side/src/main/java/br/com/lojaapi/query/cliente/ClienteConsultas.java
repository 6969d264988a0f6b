package br.com.lojaapi.query.cliente;

import br.com.lojaapi.coreapi.cliente.BuscarClienteQuery;
import br.com.lojaapi.coreapi.cliente.CarimboDeClientesQuery;
import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.cliente.ClientesPorIdQuery;
import br.com.lojaapi.coreapi.cliente.ListarClientesQuery;
import br.com.lojaapi.coreapi.cliente.PaginaDeClientes;
import br.com.lojaapi.coreapi.comum.Documentos;
import br.com.lojaapi.query.comum.Contem;
import br.com.lojaapi.query.comum.Impressao;
import br.com.lojaapi.query.comum.Paginacao;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads of the customer read model. {@code busca} is a substring match on the lower-cased name, e-mail and mobile,
 * on the document with the term's punctuation removed (documents are stored normalised) when the term has a digit
 * (so that "a" does not find every alphanumeric CNPJ with an A), and, when the term looks like a phone number, on
 * the mobile's digits alone ("11999998888" finds "(11) 99999-8888"). Each has a trigram index (V5).
 */
@Component
class ClienteConsultas {

    private static final Pattern TELEFONE = Pattern.compile("[0-9\\s().+-]*[0-9][0-9\\s().+-]*");

    @PersistenceContext
    private EntityManager em;

    private final NamedParameterJdbcTemplate jdbc;

    ClienteConsultas(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @QueryHandler
    PaginaDeClientes handle(ListarClientesQuery consulta) {
        Map<String, Object> parametros = new LinkedHashMap<>();
        parametros.put("loja", consulta.lojaId());
        String filtro = "loja_id = :loja" + busca(consulta.busca(), parametros);
        Query pagina = em.createNativeQuery("SELECT * FROM cliente_view WHERE " + filtro
                + " ORDER BY lower(nome), id" + Paginacao.LIMITE, ClienteRegistro.class);
        Query total = em.createNativeQuery(ContagemDeClientes.total(consulta.busca(), filtro), Long.class);
        parametros.forEach((nome, valor) -> {
            pagina.setParameter(nome, valor);
            total.setParameter(nome, valor);
        });
        Paginacao.pagina(new MapSqlParameterSource(), consulta.pagina(), consulta.limite()).getValues()
                 .forEach(pagina::setParameter);
        @SuppressWarnings("unchecked")
        List<ClienteRegistro> registros = pagina.getResultList();
        return new PaginaDeClientes(registros.stream().map(ClienteRegistro::view).toList(),
                ((Number) total.getSingleResult()).longValue());
    }

    /** The page's ETag: its rows' positions and versions and the total, never their bodies. */
    @QueryHandler
    String handle(CarimboDeClientesQuery carimbo) {
        ListarClientesQuery consulta = carimbo.pagina();
        Map<String, Object> parametros = new LinkedHashMap<>();
        parametros.put("loja", consulta.lojaId());
        String filtro = "loja_id = :loja" + busca(consulta.busca(), parametros);
        return Impressao.daPagina(jdbc, "id, versao", "cliente_view", filtro, "lower(nome), id", Impressao.PROPRIAS,
                ContagemDeClientes.total(consulta.busca(), filtro), new MapSqlParameterSource(parametros), consulta,
                consulta.pagina(), consulta.limite());
    }

    @QueryHandler
    Optional<ClienteView> handle(BuscarClienteQuery consulta) {
        return em.createQuery("SELECT c FROM ClienteRegistro c WHERE c.id = :id AND c.lojaId = :loja",
                         ClienteRegistro.class)
                 .setParameter("id", consulta.clienteId())
                 .setParameter("loja", consulta.lojaId())
                 .getResultList().stream()
                 .findFirst()
                 .map(ClienteRegistro::view);
    }

    /** The bodies of an incremental-sync page: customers by id. */
    @QueryHandler
    PaginaDeClientes handle(ClientesPorIdQuery consulta) {
        if (consulta.ids().isEmpty()) {
            return new PaginaDeClientes(List.of(), 0);
        }
        List<ClienteRegistro> registros = em.createQuery(
                        "SELECT c FROM ClienteRegistro c WHERE c.lojaId = :loja AND c.id IN :ids", ClienteRegistro.class)
                .setParameter("loja", consulta.lojaId())
                .setParameter("ids", consulta.ids())
                .getResultList();
        return new PaginaDeClientes(registros.stream().map(ClienteRegistro::view).toList(), registros.size());
    }

    /** The search condition (empty when there is no term), adding its parameters. */
    private static String busca(String termo, Map<String, Object> parametros) {
        String busca = termo == null ? "" : termo.strip();
        if (busca.isEmpty()) {
            return "";
        }
        StringBuilder condicao = new StringBuilder(" AND (lower(nome) LIKE :padrao" + Contem.ESCAPE
                + " OR lower(email) LIKE :padrao" + Contem.ESCAPE + " OR lower(celular) LIKE :padrao" + Contem.ESCAPE);
        parametros.put("padrao", Contem.padrao(busca.toLowerCase(Locale.ROOT)));
        String documento = Documentos.normalizar(busca);
        if (documento.chars().anyMatch(Character::isDigit)) {
            condicao.append(" OR documento LIKE :documento").append(Contem.ESCAPE);
            parametros.put("documento", Contem.padrao(documento));
        }
        if (TELEFONE.matcher(busca).matches()) {
            condicao.append(" OR regexp_replace(celular, '[^0-9]', '', 'g') LIKE :digitos");
            parametros.put("digitos", Contem.padrao(busca.replaceAll("[^0-9]", "")));
        }
        return condicao.append(")").toString();
    }
}
