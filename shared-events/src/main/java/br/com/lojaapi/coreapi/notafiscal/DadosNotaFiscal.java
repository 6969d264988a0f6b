package br.com.lojaapi.coreapi.notafiscal;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * What was read from an invoice (or, for a metadata-only registration, sent): {@code modelo} 55, 65 or 56;
 * {@code chave} and {@code serie} null for an NFS-e, {@code codigoVerificacao} set only for one.
 */
public record DadosNotaFiscal(String modelo,
                              String chave,
                              String numero,
                              String serie,
                              String codigoVerificacao,
                              OffsetDateTime dataEmissao,
                              BigDecimal valorTotal,
                              String cnpjEmitente,
                              String documentoDestinatario,
                              String protocolo) {
}
