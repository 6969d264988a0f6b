package br.com.lojaapi.gateway.web;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

/** The {@code busca} text of the list endpoints: at most {@value #MAXIMA} characters, or a 400. */
public final class Busca {

    public static final int MAXIMA = 200;

    private Busca() {
    }

    public static String validar(String busca) {
        if (busca != null && busca.length() > MAXIMA) {
            throw ErroDeNegocio.invalido("busca: no máximo " + MAXIMA + " caracteres");
        }
        return busca;
    }
}
