package br.com.lojaapi.command.comum;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.text.Normalizer;
import java.util.Locale;

/** Text rules shared by aggregates. */
public final class Textos {

    private Textos() {
    }

    /**
     * Trimmed text, or null when null or blank. Refuses the NUL character: PostgreSQL text cannot hold it, so an
     * event carrying one could never be projected.
     */
    public static String limpo(String texto) {
        if (texto == null) {
            return null;
        }
        if (texto.indexOf('\u0000') >= 0) {
            throw ErroDeNegocio.invalido("Textos não podem conter o caractere nulo (\\u0000)");
        }
        String limpo = texto.strip();
        return limpo.isEmpty() ? null : limpo;
    }

    /** Trimmed text (null when blank), refused when longer than {@code maximo} characters. */
    public static String limitado(String texto, int maximo, String campo) {
        String limpo = limpo(texto);
        if (limpo != null && limpo.length() > maximo) {
            throw ErroDeNegocio.invalido(campo + ": no máximo " + maximo + " caracteres");
        }
        return limpo;
    }

    /**
     * The key under which names are compared for uniqueness: NFC-normalised, trimmed, inner white space collapsed,
     * lower-cased without locale surprises. "Bebidas", " BEBIDAS " and "bebidas" share one key.
     */
    public static String chaveDeNome(String nome) {
        String nfc = Normalizer.normalize(nome.strip(), Normalizer.Form.NFC);
        return nfc.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
