package br.com.lojaapi.command.comum;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.util.Locale;
import java.util.regex.Pattern;

/** Address parts kept alike for stores and customers; blank counts as absent (null). */
public final class Enderecos {

    private static final Pattern UF = Pattern.compile("[A-Z]{2}");
    private static final Pattern CEP = Pattern.compile("[0-9]{8}");

    private Enderecos() {
    }

    /** Two letters, stored upper-case. */
    public static String uf(String uf) {
        String limpa = Textos.limpo(uf);
        if (limpa == null) {
            return null;
        }
        limpa = limpa.toUpperCase(Locale.ROOT);
        if (!UF.matcher(limpa).matches()) {
            throw ErroDeNegocio.invalido("uf deve ter duas letras, como SP");
        }
        return limpa;
    }

    /** Eight digits, stored without punctuation ("01310-100" becomes "01310100"). */
    public static String cep(String cep) {
        String limpo = Textos.limpo(cep);
        if (limpo == null) {
            return null;
        }
        limpo = limpo.replaceAll("[.\\s-]", "");
        if (!CEP.matcher(limpo).matches()) {
            throw ErroDeNegocio.invalido("cep deve ter 8 dígitos");
        }
        return limpo;
    }
}
