package br.com.lojaapi.command.comum;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.util.Optional;
import java.util.function.Function;

/**
 * Partial changes: a field that is null was not sent (keep the current value), {@code Optional.empty()} is an
 * explicit null, and a value is validated before it replaces the current one.
 */
public final class Campos {

    private Campos() {
    }

    /** For fields that cannot be null: an explicit null is a 400. */
    public static <T> T obrigatorio(Optional<T> enviado, T atual, String campo, Function<T, T> validar) {
        if (enviado == null) {
            return atual;
        }
        return validar.apply(enviado.orElseThrow(() ->
                ErroDeNegocio.invalido(campo + " não pode ser null; omita o campo para mantê-lo")));
    }

    /** For nullable fields: an explicit null clears. */
    public static <T> T opcional(Optional<T> enviado, T atual, Function<T, T> validar) {
        if (enviado == null) {
            return atual;
        }
        return enviado.map(validar).orElse(null);
    }
}
