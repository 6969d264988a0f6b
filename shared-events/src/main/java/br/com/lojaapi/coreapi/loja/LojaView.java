package br.com.lojaapi.coreapi.loja;

import java.time.Instant;

public record LojaView(String id, DadosLoja dados, Instant criadaEm, Instant atualizadaEm, long versao) {
}
