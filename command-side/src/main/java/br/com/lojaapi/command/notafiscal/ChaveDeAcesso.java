package br.com.lojaapi.command.notafiscal;

import java.util.regex.Pattern;

/**
 * The 44-character access key of an NF-e/NFC-e: cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8)
 * cDV(1). The CNPJ may be alphanumeric (NT 2025.001): every character counts as its ASCII code minus 48, which
 * leaves numeric keys' check digits unchanged; then modulus 11 with weights 2..9 from the right.
 */
public final class ChaveDeAcesso {

    private static final Pattern FORMATO = Pattern.compile("[0-9]{6}[A-Z0-9]{12}[0-9]{26}");

    private ChaveDeAcesso() {
    }

    public static boolean valida(String chave) {
        return chave != null && FORMATO.matcher(chave).matches()
                && digitoVerificador(chave.substring(0, 43)) == chave.charAt(43) - '0';
    }

    public static int digitoVerificador(String chave43) {
        int soma = 0;
        int peso = 2;
        for (int i = chave43.length() - 1; i >= 0; i--) {
            soma += (chave43.charAt(i) - 48) * peso;
            peso = peso == 9 ? 2 : peso + 1;
        }
        int resto = soma % 11;
        return resto < 2 ? 0 : 11 - resto;
    }

    public static String modelo(String chave) {
        return chave.substring(20, 22);
    }

    public static String serie(String chave) {
        return String.valueOf(Integer.parseInt(chave.substring(22, 25)));
    }

    public static String numero(String chave) {
        return String.valueOf(Long.parseLong(chave.substring(25, 34)));
    }
}
