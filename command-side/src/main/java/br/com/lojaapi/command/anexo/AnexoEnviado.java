package br.com.lojaapi.command.anexo;

import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;

/**
 * What one send of an attachment did, and, when the order changed with it (a carrier label's tracking code taken
 * by the order), the order's new version; else null.
 */
public record AnexoEnviado(ResultadoDoAnexo anexo, Long versaoDoPedido) {
}
