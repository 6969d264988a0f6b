package br.com.lojaapi.coreapi.produto;

import java.util.List;

/** What a product command answers: the version it produced and non-blocking warnings for the client. */
public record ResultadoDeProduto(long versao, List<String> avisos) {

    public ResultadoDeProduto {
        avisos = List.copyOf(avisos);
    }
}
