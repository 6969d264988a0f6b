package br.com.lojaapi.query.anexo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The read-model table of one kind of file attached to orders (invoices, carrier labels). Every event carries the
 * whole attachment ({@code E}), so each is an upsert of it guarded by its version ({@code versao < excluded.versao}):
 * a replay or a batch processed twice leaves the same row. The columns every such table has: {@code id},
 * {@code loja_id}, {@code pedido_id}, the attachment as a JSON document, {@code criado_em}, {@code removida_em} (a
 * removed attachment stays as a tombstone hidden from every query, so a writer waits for the removal's version like
 * for any change) and {@code versao}; a kind adds the columns its lists need ({@link #com}). Reads filter by store
 * and order: another store's or another order's attachment is simply not found.
 */
public final class TabelaDeAnexos<E> {

    /** Dates keep the offset they were read with (an issue date at -03:00 stays at -03:00). */
    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final JdbcTemplate jdbc;
    private final String tabela;
    private final String documento;
    private final Class<E> tipo;
    private final Function<E, String> id;
    private final Function<E, String> lojaId;
    private final Function<E, String> pedidoId;
    private final Function<E, Instant> criadoEm;
    private final Map<String, Function<E, Object>> colunas = new LinkedHashMap<>();

    /**
     * @param documento the JSON column, named after the kind ({@code nota}, {@code etiqueta})
     */
    public TabelaDeAnexos(JdbcTemplate jdbc, String tabela, String documento, Class<E> tipo, Function<E, String> id,
                          Function<E, String> lojaId, Function<E, String> pedidoId, Function<E, Instant> criadoEm) {
        this.jdbc = jdbc;
        this.tabela = tabela;
        this.documento = documento;
        this.tipo = tipo;
        this.id = id;
        this.lojaId = lojaId;
        this.pedidoId = pedidoId;
        this.criadoEm = criadoEm;
    }

    /** A column of the kind's own, kept from the attachment at every change. */
    public TabelaDeAnexos<E> com(String coluna, Function<E, Object> valor) {
        colunas.put(coluna, valor);
        return this;
    }

    /** The attachment as its event of version {@code versao} left it; {@code removidaEm} set by its removal. */
    public void gravar(E anexo, Instant removidaEm, long versao) {
        List<String> mudam = new ArrayList<>(colunas.keySet());
        mudam.add(documento);
        mudam.add("removida_em");
        mudam.add("versao");
        List<Object> valores = new ArrayList<>(List.of(id.apply(anexo), lojaId.apply(anexo), pedidoId.apply(anexo),
                Timestamp.from(criadoEm.apply(anexo))));
        colunas.values().forEach(valor -> valores.add(valor.apply(anexo)));
        valores.add(escrever(anexo));
        valores.add(removidaEm == null ? null : Timestamp.from(removidaEm));
        valores.add(versao);
        jdbc.update("INSERT INTO " + tabela + " (id, loja_id, pedido_id, criado_em, " + String.join(", ", mudam)
                        + ") VALUES (?, ?, ?, ?, " + "?, ".repeat(colunas.size()) + "?::jsonb, ?, ?)"
                        + " ON CONFLICT (id) DO UPDATE SET "
                        + String.join(", ", mudam.stream().map(c -> c + " = excluded." + c).toList())
                        + " WHERE " + tabela + ".versao < excluded.versao",
                valores.toArray());
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for a table about to be rebuilt. */
    public void esvaziar() {
        jdbc.execute("TRUNCATE " + tabela);
    }

    /** The order's attachments, oldest first, each with its version. */
    public <V> List<V> doPedido(String lojaId, String pedidoId, BiFunction<E, Long, V> visao) {
        return jdbc.query("SELECT " + documento + ", versao FROM " + tabela
                        + " WHERE pedido_id = ? AND loja_id = ? AND removida_em IS NULL ORDER BY criado_em, id",
                (rs, i) -> visao.apply(ler(rs.getString(1)), rs.getLong(2)), pedidoId, lojaId);
    }

    public <V> Optional<V> buscar(String lojaId, String pedidoId, String id, BiFunction<E, Long, V> visao) {
        return jdbc.query("SELECT " + documento + ", versao FROM " + tabela
                        + " WHERE id = ? AND pedido_id = ? AND loja_id = ? AND removida_em IS NULL",
                (rs, i) -> visao.apply(ler(rs.getString(1)), rs.getLong(2)), id, pedidoId, lojaId)
                   .stream().findFirst();
    }

    private String escrever(E anexo) {
        try {
            return JSON.writeValueAsString(anexo);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("não foi possível escrever o JSON de " + tabela, e);
        }
    }

    private E ler(String texto) {
        try {
            return JSON.readValue(texto, tipo);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON inválido em " + tabela, e);
        }
    }
}
