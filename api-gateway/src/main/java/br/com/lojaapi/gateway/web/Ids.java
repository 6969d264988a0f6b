package br.com.lojaapi.gateway.web;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.util.UUID;
import java.util.regex.Pattern;

/** Resource ids are UUIDs chosen by the service; anything else cannot name a resource. */
public final class Ids {

    private static final Pattern UUID_TEXTO = Pattern.compile(
            "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private Ids() {
    }

    public static String novo() {
        return UUID.randomUUID().toString();
    }

    /** Whether the text can be one of our ids (a lower-case UUID). */
    public static boolean valido(String id) {
        return id != null && UUID_TEXTO.matcher(id).matches();
    }

    /** An id field of a body: ERPs send "" (or blanks) for what they do not have, which counts as absent. */
    public static String opcional(String id) {
        return id == null || id.isBlank() ? null : id;
    }

    /** The id as given, or the resource's 404 when it cannot be one of ours. */
    public static String exigir(String id, String naoEncontrado) {
        if (!valido(id)) {
            throw ErroDeNegocio.naoEncontrado(naoEncontrado);
        }
        return id;
    }
}
