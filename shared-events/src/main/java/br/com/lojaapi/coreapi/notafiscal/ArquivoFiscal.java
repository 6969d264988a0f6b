package br.com.lojaapi.coreapi.notafiscal;

/** A file of an invoice, already in object storage under {@code objeto}; the bytes never travel in events. */
public record ArquivoFiscal(String objeto, long tamanho, String sha256) {
}
