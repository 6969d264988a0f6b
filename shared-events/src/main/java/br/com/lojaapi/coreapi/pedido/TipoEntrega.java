package br.com.lojaapi.coreapi.pedido;

/** {@code RETIRADA} is accepted on input as {@code BALCAO} and never stored. */
public enum TipoEntrega {
    DELIVERY,
    BALCAO,
    MESA
}
