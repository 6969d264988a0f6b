package br.com.lojaapi.coreapi.cliente;

/** The validator (HTTP ETag, without quotes) of the page {@code pagina} would return. Answered with a String. */
public record CarimboDeClientesQuery(ListarClientesQuery pagina) {
}
