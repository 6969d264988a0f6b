package br.com.lojaapi.coreapi.categoria;

public record VinculosCategoria(long produtos, long subcategorias) {

    public boolean algum() {
        return produtos > 0 || subcategorias > 0;
    }
}
