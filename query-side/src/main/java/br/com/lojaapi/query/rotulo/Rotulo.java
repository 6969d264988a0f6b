package br.com.lojaapi.query.rotulo;

import java.util.Objects;

/** One label to print: its content and its volume N of total, since every box of an order gets its own label. */
public record Rotulo(ConteudoDoRotulo conteudo, int volume, int volumes) {

    public Rotulo {
        Objects.requireNonNull(conteudo, "conteudo");
        if (volumes < 1 || volume < 1 || volume > volumes) {
            throw new IllegalArgumentException("volume " + volume + " de " + volumes + " não existe");
        }
    }
}
