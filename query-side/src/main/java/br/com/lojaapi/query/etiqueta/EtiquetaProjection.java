package br.com.lojaapi.query.etiqueta;

import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaSubstituidaEvent;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;

/**
 * Read model of carrier labels: every event carries the whole label, so each is an upsert of it guarded by the
 * label's version, and a replay or a batch processed twice leaves the same row.
 */
@Component
@TabelasDoModelo("etiqueta_view")
@ProcessingGroup(EtiquetaProjection.GRUPO)
class EtiquetaProjection {

    static final String GRUPO = "etiqueta-view";
    static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final JdbcTemplate jdbc;

    EtiquetaProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(EtiquetaRegistradaEvent e, @SequenceNumber long versao) {
        gravar(e.etiqueta(), null, versao);
    }

    @EventHandler
    void on(EtiquetaSubstituidaEvent e, @SequenceNumber long versao) {
        gravar(e.etiqueta(), null, versao);
    }

    @EventHandler
    void on(EtiquetaRemovidaEvent e, @SequenceNumber long versao) {
        gravar(e.etiqueta(), e.removidaEm(), versao);
    }

    /** TRUNCATE rather than DELETE: no per-row change notifications for a table about to be rebuilt. */
    @ResetHandler
    void reset() {
        jdbc.execute("TRUNCATE etiqueta_view");
    }

    private void gravar(EstadoDaEtiqueta e, Instant removidaEm, long versao) {
        jdbc.update("""
                INSERT INTO etiqueta_view (id, loja_id, pedido_id, etiqueta, criado_em, removida_em, versao)
                VALUES (?, ?, ?, ?::jsonb, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET etiqueta = excluded.etiqueta, removida_em = excluded.removida_em,
                       versao = excluded.versao
                 WHERE etiqueta_view.versao < excluded.versao""",
                e.etiquetaId(), e.lojaId(), e.pedidoId(), escrever(e), Timestamp.from(e.criadoEm()),
                removidaEm == null ? null : Timestamp.from(removidaEm), versao);
    }

    static String escrever(EstadoDaEtiqueta e) {
        try {
            return JSON.writeValueAsString(e);
        } catch (JsonProcessingException erro) {
            throw new IllegalStateException("não foi possível escrever o JSON da etiqueta", erro);
        }
    }

    static EstadoDaEtiqueta ler(String texto) {
        try {
            return JSON.readValue(texto, EstadoDaEtiqueta.class);
        } catch (JsonProcessingException erro) {
            throw new IllegalStateException("JSON inválido no modelo de leitura de etiquetas", erro);
        }
    }
}
