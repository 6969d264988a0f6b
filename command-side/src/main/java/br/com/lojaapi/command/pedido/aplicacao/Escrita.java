package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;

/** A read-model row a use case changed, at the version a reader must wait for. */
public record Escrita(ModeloLeitura modelo, String id, long versao) {
}
