package br.com.lojaapi.coreapi.etiqueta;

/** A carrier label's file, already in object storage under {@code objeto}: {@code formato} PDF or ZPL. */
public record ArquivoDeEtiqueta(String objeto, String formato, long tamanho, String sha256) {

    public static final String PDF = "PDF";
    public static final String ZPL = "ZPL";
}
