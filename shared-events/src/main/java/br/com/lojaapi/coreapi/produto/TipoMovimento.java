package br.com.lojaapi.coreapi.produto;

/** {@code ENTRADA} adds, {@code SAIDA} subtracts, {@code AJUSTE} sets the absolute quantity. */
public enum TipoMovimento {
    ENTRADA,
    SAIDA,
    AJUSTE
}
