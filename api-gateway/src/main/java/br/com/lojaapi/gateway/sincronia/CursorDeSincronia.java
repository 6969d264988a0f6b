package br.com.lojaapi.gateway.sincronia;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.web.Ids;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;

/**
 * Where a poller stands: the {@code (atualizadoEm, id)} of the last row it received, opaque to clients
 * (base64url of {@code <tipo>1:<epochMicros>:<id>}). It names no node and no snapshot, so it works on every node
 * and across restarts and projection rebuilds, which keep each row's {@code atualizadoEm}.
 */
public record CursorDeSincronia(Instant em, String id) {

    private static final String INVALIDO = "cursor inválido: use o cursor devolvido pela página anterior deste recurso";
    private static final int MAXIMO = 200;

    /** The position before every row changed at or after {@code desde}. */
    static CursorDeSincronia inicio(Instant desde) {
        return new CursorDeSincronia(desde, "");
    }

    String codificar(char tipo) {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, em);
        return Base64.getUrlEncoder().withoutPadding()
                     .encodeToString((tipo + "1:" + micros + ":" + id).getBytes(StandardCharsets.UTF_8));
    }

    static CursorDeSincronia decodificar(char tipo, String texto) {
        if (texto == null || texto.isBlank() || texto.length() > MAXIMO) {
            throw ErroDeNegocio.invalido(INVALIDO);
        }
        try {
            String[] partes = new String(Base64.getUrlDecoder().decode(texto.strip()), StandardCharsets.UTF_8)
                    .split(":", 3);
            // the id is "" (before every row of that instant) or one of ours: nothing else reaches the database
            if (partes.length != 3 || !partes[0].equals(tipo + "1") || !(partes[2].isEmpty() || Ids.valido(partes[2]))) {
                throw ErroDeNegocio.invalido(INVALIDO);
            }
            Instant em = Instant.EPOCH.plus(Long.parseLong(partes[1]), ChronoUnit.MICROS);
            if (em.isBefore(Instant.parse("0001-01-01T00:00:00Z")) || em.isAfter(Instant.parse("9999-12-31T23:59:59Z"))) {
                throw ErroDeNegocio.invalido(INVALIDO);
            }
            return new CursorDeSincronia(em, partes[2]);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw ErroDeNegocio.invalido(INVALIDO);
        }
    }
}
