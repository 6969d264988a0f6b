package br.com.lojaapi.command.categoria;

/**
 * Products that point at a category, as the command side knows them. A product referencing a category holds a
 * shared lock on the category's id until its transaction ends; removal takes the exclusive one before counting,
 * so a product created at the same moment either is counted or waits and then finds no category.
 */
public interface ProdutosDaCategoria {

    /** The key of a category's reference lock, followed by its id. */
    String TRAVA = "categoria-id:";

    /** Refuses with 409 (and the counts) while products that are not removed point at the category. */
    void exigirSemProdutos(String lojaId, String categoriaId);
}
