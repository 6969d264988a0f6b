package br.com.lojaapi.coreapi.cliente;

import java.time.Instant;

public record ClienteView(String id,
                          String lojaId,
                          DadosCliente dados,
                          Instant criadoEm,
                          Instant atualizadoEm,
                          long versao) {
}
