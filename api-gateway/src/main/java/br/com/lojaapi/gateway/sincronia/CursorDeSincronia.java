package br.com.lojaapi.gateway.sincronia;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.web.Ids;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;

/**
 * Where a poller stands in a model's sync order: after the row at position {@code apos} (the global index of the
 * last event applied to the last row it received), opaque to clients as base64url of {@code <tipo>2:<apos>}. It
 * names no node and no snapshot, and a rebuild of the read model writes every row's position again with the same
 * value, so it works on every node, after restarts and across rebuilds.
 * <p>
 * A start in time has no position yet ({@code apos} null): {@code atualizadoDesde}, and a cursor of the first kind,
 * {@code <tipo>1:<epochMicros>:<id>} (the {@code (atualizadoEm, id)} of the last row received, handed out while sync
 * ordered by time), still accepted so that pollers go on after an upgrade. The page that reads it resolves it to
 * the position before the first row changed after that time ({@link Sincronia}).
 */
public record CursorDeSincronia(Long apos, Instant desde, String desdeId) {

    private static final String INVALIDO = "cursor inválido: use o cursor devolvido pela página anterior deste recurso";
    private static final int MAXIMO = 200;

    /** Every row changed at or after {@code desde}, and whatever changed after the first of them. */
    static CursorDeSincronia inicio(Instant desde) {
        return new CursorDeSincronia(null, desde, "");
    }

    static CursorDeSincronia apos(long posicao) {
        return new CursorDeSincronia(posicao, null, null);
    }

    String codificar(char tipo) {
        if (apos == null) {
            throw new IllegalStateException("Um início no tempo não tem posição: resolva-o antes");
        }
        return Base64.getUrlEncoder().withoutPadding()
                     .encodeToString((tipo + "2:" + apos).getBytes(StandardCharsets.UTF_8));
    }

    static CursorDeSincronia decodificar(char tipo, String texto) {
        if (texto == null || texto.isBlank() || texto.length() > MAXIMO) {
            throw ErroDeNegocio.invalido(INVALIDO);
        }
        try {
            String[] partes = new String(Base64.getUrlDecoder().decode(texto.strip()), StandardCharsets.UTF_8)
                    .split(":", 3);
            if (partes.length == 2 && partes[0].equals(tipo + "2")) {
                long posicao = Long.parseLong(partes[1]);
                if (posicao < -1 || !partes[1].equals(Long.toString(posicao))) {
                    throw ErroDeNegocio.invalido(INVALIDO);
                }
                return apos(posicao);
            }
            // the id is "" (before every row of that instant) or one of ours: nothing else reaches the database
            if (partes.length != 3 || !partes[0].equals(tipo + "1") || !(partes[2].isEmpty() || Ids.valido(partes[2]))) {
                throw ErroDeNegocio.invalido(INVALIDO);
            }
            Instant em = Instant.EPOCH.plus(Long.parseLong(partes[1]), ChronoUnit.MICROS);
            if (em.isBefore(Instant.parse("0001-01-01T00:00:00Z")) || em.isAfter(Instant.parse("9999-12-31T23:59:59Z"))) {
                throw ErroDeNegocio.invalido(INVALIDO);
            }
            return new CursorDeSincronia(null, em, partes[2]);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw ErroDeNegocio.invalido(INVALIDO);
        }
    }
}
