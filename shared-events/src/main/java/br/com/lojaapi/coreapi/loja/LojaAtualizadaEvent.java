package br.com.lojaapi.coreapi.loja;

import java.time.Instant;

/** Carries the whole store data after the change, so consumers never need earlier events. */
public record LojaAtualizadaEvent(String lojaId, DadosLoja dados, Instant atualizadaEm) {
}
