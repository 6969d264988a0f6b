package br.com.lojaapi.coreapi.categoria;

/** Answered with {@link VinculosCategoria}: what would be orphaned by removing the category. */
public record ContarVinculosCategoriaQuery(String lojaId, String categoriaId) {
}
