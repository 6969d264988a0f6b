package br.com.lojaapi.coreapi.comum;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Brazilian tax numbers. A CNPJ has 12 alphanumeric characters plus 2 numeric check digits (IN RFB 2.229/2024,
 * alphanumeric since July 2026); every character counts as its ASCII code minus 48, so numeric CNPJs keep their
 * digits. A CPF has 9 digits plus 2 check digits.
 */
public final class Documentos {

    private static final Pattern CNPJ = Pattern.compile("[0-9A-Z]{12}[0-9]{2}");
    private static final Pattern CPF = Pattern.compile("[0-9]{11}");
    private static final Pattern PONTUACAO = Pattern.compile("[\\s./-]");

    private Documentos() {
    }

    /** Removes punctuation and white space and upper-cases letters; null stays null. */
    public static String normalizar(String documento) {
        return documento == null ? null : PONTUACAO.matcher(documento).replaceAll("").toUpperCase(Locale.ROOT);
    }

    public static boolean cnpjValido(String normalizado) {
        if (normalizado == null || !CNPJ.matcher(normalizado).matches() || repetido(normalizado)) {
            return false;
        }
        int dv1 = digitoModulo11(normalizado, 12);
        int dv2 = digitoModulo11(normalizado, 13);
        return dv1 == normalizado.charAt(12) - '0' && dv2 == normalizado.charAt(13) - '0';
    }

    public static boolean cpfValido(String normalizado) {
        if (normalizado == null || !CPF.matcher(normalizado).matches() || repetido(normalizado)) {
            return false;
        }
        int dv1 = digitoCpf(normalizado, 9);
        int dv2 = digitoCpf(normalizado, 10);
        return dv1 == normalizado.charAt(9) - '0' && dv2 == normalizado.charAt(10) - '0';
    }

    /** Weights 2..9 from the right, repeating; remainder below 2 gives 0. */
    private static int digitoModulo11(String valor, int tamanho) {
        int soma = 0;
        int peso = 2;
        for (int i = tamanho - 1; i >= 0; i--) {
            soma += (valor.charAt(i) - 48) * peso;
            peso = peso == 9 ? 2 : peso + 1;
        }
        int resto = soma % 11;
        return resto < 2 ? 0 : 11 - resto;
    }

    private static int digitoCpf(String valor, int tamanho) {
        int soma = 0;
        for (int i = 0; i < tamanho; i++) {
            soma += (valor.charAt(i) - '0') * (tamanho + 1 - i);
        }
        int resto = soma % 11;
        return resto < 2 ? 0 : 11 - resto;
    }

    private static boolean repetido(String valor) {
        return valor.chars().allMatch(c -> c == valor.charAt(0));
    }
}
