package br.com.lojaapi.gateway.evento;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads a store's event feed. A page is found first by positions alone (an index scan), which is all its ETag
 * needs; the bodies are read only for a page that is actually sent. Rows never change once written, so the
 * positions of a page determine its content.
 */
@Component
class EventosDaLoja {

    /** The positions of one page, after {@code apos}, and whether more follow. */
    record Posicoes(List<Long> posicoes, boolean temMais) {
    }

    /** One event as stored: {@code corpo} is the webhook body. */
    record Linha(long posicao, String id, String corpo) {
    }

    private final JdbcTemplate jdbc;

    EventosDaLoja(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** {@code tipos} empty means every kind. */
    Posicoes posicoes(String lojaId, long apos, List<String> tipos, int limite) {
        List<Long> lidas = new ArrayList<>();
        String filtro = tipos.isEmpty() ? "" : " AND evento = ANY(?)";
        List<Object> parametros = new ArrayList<>(List.of(lojaId, apos));
        if (!tipos.isEmpty()) {
            parametros.add(tipos.toArray(String[]::new));
        }
        parametros.add(limite + 1);
        jdbc.query("SELECT posicao FROM evento_loja WHERE loja_id = ? AND posicao > ?" + filtro
                   + " ORDER BY posicao LIMIT ?", rs -> {
            lidas.add(rs.getLong(1));
        }, parametros.toArray());
        boolean temMais = lidas.size() > limite;
        return new Posicoes(temMais ? List.copyOf(lidas.subList(0, limite)) : List.copyOf(lidas), temMais);
    }

    List<Linha> linhas(String lojaId, List<Long> posicoes) {
        if (posicoes.isEmpty()) {
            return List.of();
        }
        return jdbc.query("SELECT posicao, id, corpo FROM evento_loja WHERE loja_id = ? AND posicao = ANY(?)"
                          + " ORDER BY posicao",
                (rs, n) -> new Linha(rs.getLong(1), rs.getString(2), rs.getString(3)),
                lojaId, posicoes.toArray(Long[]::new));
    }

    /** A strong ETag of the page the request gets: what it asked, and which events that is. */
    static String etag(long apos, List<String> tipos, int limite, Posicoes pagina) {
        String conteudo = apos + "|" + String.join(",", tipos) + "|" + limite + "|" + pagina.temMais() + "|"
                          + pagina.posicoes();
        try {
            byte[] resumo = MessageDigest.getInstance("SHA-256").digest(conteudo.getBytes(StandardCharsets.UTF_8));
            return "\"ev-" + HexFormat.of().formatHex(resumo, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
