package br.com.lojaapi.command.produto;

/** What a product may point at, checked on the command side: categories and complement groups of its store. */
public interface ReferenciasDaLoja {

    boolean categoriaDaLoja(String lojaId, String categoriaId);

    boolean grupoDaLoja(String lojaId, String grupoId);
}
