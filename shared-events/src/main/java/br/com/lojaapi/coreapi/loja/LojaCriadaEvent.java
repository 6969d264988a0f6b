package br.com.lojaapi.coreapi.loja;

import java.time.Instant;

public record LojaCriadaEvent(String lojaId, DadosLoja dados, Instant criadaEm) {
}
