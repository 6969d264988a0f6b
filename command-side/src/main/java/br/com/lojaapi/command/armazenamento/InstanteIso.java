package br.com.lojaapi.command.armazenamento;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Reads the {@code Instant}s of stored events as {@link Instant#toString()} wrote them
 * ({@code 2026-11-26T12:00:00.123456Z}: four-digit year, 0 to 9 fraction digits, {@code Z}) without
 * {@code DateTimeFormatter}, whose general parser took a seventh of the service's CPU while orders loaded their
 * products' events (JFR, 2026-11-26). Any other text, and anything this reading would not check as strictly as
 * {@link Instant#parse} (a leap second, a year outside 0000-9999), goes to the deserializer it replaces, so the
 * result and the errors are exactly as before.
 */
public final class InstanteIso extends StdDeserializer<Instant> {

    private static final long SEGUNDOS_POR_DIA = 86_400;
    private static final int[] ESCALA = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
            1_000_000_000};

    private final JsonDeserializer<? extends Instant> geral;

    private InstanteIso(JsonDeserializer<? extends Instant> geral) {
        super(Instant.class);
        this.geral = geral;
    }

    /** A module that reads stored Instants this way, handing everything else to {@code geral}. */
    public static SimpleModule modulo(JsonDeserializer<? extends Instant> geral) {
        return new SimpleModule("InstanteIso").addDeserializer(Instant.class, new InstanteIso(geral));
    }

    @Override
    public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_STRING) {
            Instant lido = ler(p.getText());
            if (lido != null) {
                return lido;
            }
        }
        return geral.deserialize(p, ctxt);
    }

    /** The instant {@code texto} writes in {@link Instant#toString()}'s form, or null when it is not that form. */
    static Instant ler(String texto) {
        int n = texto.length();
        if (n < 20 || n > 30 || texto.charAt(4) != '-' || texto.charAt(7) != '-' || texto.charAt(10) != 'T'
            || texto.charAt(13) != ':' || texto.charAt(16) != ':' || texto.charAt(n - 1) != 'Z') {
            return null;
        }
        int ano = numero(texto, 0, 4);
        int mes = numero(texto, 5, 7);
        int dia = numero(texto, 8, 10);
        int hora = numero(texto, 11, 13);
        int minuto = numero(texto, 14, 16);
        int segundo = numero(texto, 17, 19);
        int nanos = 0;
        if (n > 20) {
            int digitos = n - 21;
            if (texto.charAt(19) != '.' || digitos < 1 || digitos > 9) {
                return null;
            }
            int fracao = numero(texto, 20, n - 1);
            if (fracao < 0) {
                return null;
            }
            nanos = fracao * ESCALA[9 - digitos];
        }
        if (ano < 0 || mes < 1 || mes > 12 || dia < 1 || dia > 31 || hora < 0 || hora > 23 || minuto < 0
            || minuto > 59 || segundo < 0 || segundo > 59 || dia > LocalDate.of(ano, mes, 1).lengthOfMonth()) {
            return null;
        }
        long dias = LocalDate.of(ano, mes, dia).toEpochDay();
        return Instant.ofEpochSecond(dias * SEGUNDOS_POR_DIA + hora * 3600L + minuto * 60L + segundo, nanos);
    }

    /** The decimal number in {@code texto[de, ate)}, or -1 when a character is not a digit. */
    private static int numero(String texto, int de, int ate) {
        int valor = 0;
        for (int i = de; i < ate; i++) {
            char c = texto.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            valor = valor * 10 + (c - '0');
        }
        return valor;
    }
}
