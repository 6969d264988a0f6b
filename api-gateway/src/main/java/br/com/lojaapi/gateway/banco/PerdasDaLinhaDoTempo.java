package br.com.lojaapi.gateway.banco;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.List;

/** The losses recorded by {@link LinhaDoTempo} and {@link RealinhamentoNaPartida}, newest first. */
@Component
public class PerdasDaLinhaDoTempo {

    /**
     * motivo: EM_EXECUCAO (a running node met the older database and restarted) or PARTIDA (a starting node found
     * processor positions past the head); cabeca: the newest event the database held; marca: the newest the node had
     * read; perdidos: how many positions were lost; eventos: those the node remembered (indiceGlobal,
     * tipoDeAgregado, agregadoId, sequencia, evento), truncada when not all were.
     */
    public record Perda(long id, Instant detectadaEm, String no, String motivo, long cabeca, long marca, long perdidos,
                        boolean truncada, JsonNode eventos) {
    }

    private final JdbcTemplate jdbc;
    private final ObjectMapper json;

    PerdasDaLinhaDoTempo(JdbcTemplate jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    public List<Perda> recentes(int quantas) {
        return jdbc.query("SELECT id, detectada_em, no, motivo, cabeca, marca, perdidos, truncada, eventos "
                + "FROM linha_do_tempo_perdida ORDER BY id DESC LIMIT ?", (rs, i) -> new Perda(
                rs.getLong(1), rs.getTimestamp(2).toInstant(), rs.getString(3), rs.getString(4), rs.getLong(5),
                rs.getLong(6), rs.getLong(7), rs.getBoolean(8), ler(rs.getString(9))), quantas);
    }

    private JsonNode ler(String eventos) {
        try {
            return json.readTree(eventos);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("eventos ilegíveis em linha_do_tempo_perdida", e);
        }
    }
}
