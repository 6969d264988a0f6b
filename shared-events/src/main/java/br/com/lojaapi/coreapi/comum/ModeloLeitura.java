package br.com.lojaapi.coreapi.comum;

/** The read models a writer can wait for (read-your-writes). */
public enum ModeloLeitura {
    LOJA,
    CATEGORIA,
    PRODUTO,
    GRUPO,
    CLIENTE,
    PEDIDO,
    WEBHOOK,
    NOTA_FISCAL,
    ETIQUETA
}
