package br.com.lojaapi.gateway.pedido;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Date-time query parameters: ISO-8601 with an offset, so that no one has to guess the time zone. */
public final class Datas {

    private Datas() {
    }

    public static Instant instante(String texto, String parametro) {
        if (texto == null || texto.isBlank()) {
            return null;
        }
        // An unencoded '+' in a query string arrives as a space ("...T08:00:00 03:00"): read it as the '+' it was.
        String valor = texto.strip().replace(' ', '+');
        try {
            OffsetDateTime data = OffsetDateTime.parse(valor);
            if (data.getYear() < 1 || data.getYear() > 9999) {
                throw ErroDeNegocio.invalido(parametro + " deve estar entre os anos 1 e 9999");
            }
            return data.toInstant();
        } catch (DateTimeParseException e) {
            throw ErroDeNegocio.invalido(parametro + " deve ser data-hora ISO-8601 com fuso, por exemplo "
                    + "2026-11-21T08:00:00-03:00 ou 2026-11-21T11:00:00Z");
        }
    }
}
