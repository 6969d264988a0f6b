package br.com.lojaapi.apoio;

import java.util.concurrent.ThreadLocalRandom;

/** Valid Brazilian documents for test data. */
public final class Documentos {

    private Documentos() {
    }

    /** A valid CPF (check digits computed), different on each call. */
    public static String cpf() {
        int[] d = new int[11];
        for (int i = 0; i < 9; i++) {
            d[i] = ThreadLocalRandom.current().nextInt(10);
        }
        d[0] = 1 + ThreadLocalRandom.current().nextInt(9);
        for (int posicao = 9; posicao < 11; posicao++) {
            int soma = 0;
            for (int i = 0; i < posicao; i++) {
                soma += d[i] * (posicao + 1 - i);
            }
            d[posicao] = soma * 10 % 11 % 10;
        }
        StringBuilder texto = new StringBuilder();
        for (int digito : d) {
            texto.append(digito);
        }
        return texto.toString();
    }
}
