package br.com.lojaapi.coreapi.evento;

/** One event as the feed stores it: {@code corpo} is the webhook body, byte for byte. */
public record EventoDoFeed(long posicao, String id, String corpo) {
}
