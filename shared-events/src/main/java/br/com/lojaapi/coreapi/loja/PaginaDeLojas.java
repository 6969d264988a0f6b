package br.com.lojaapi.coreapi.loja;

import java.util.List;

public record PaginaDeLojas(List<LojaView> lojas, long total) {

    public PaginaDeLojas {
        lojas = List.copyOf(lojas);
    }
}
