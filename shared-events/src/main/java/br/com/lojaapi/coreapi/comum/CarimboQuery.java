package br.com.lojaapi.coreapi.comum;

/**
 * Asks for the validator (HTTP ETag, without quotes) of one resource as its GET shows it, read from versions only.
 * Answered with {@code Optional<String>}: empty when the GET would be a 404. The tag is {@code <versao>} when the
 * body depends on the resource's own version alone, {@code <versao>-<hash>} when it embeds other read models
 * (the hash covers their versions). {@code pedidoId} scopes invoices and carrier labels; null for the others.
 */
public record CarimboQuery(String lojaId, Alvo alvo, String id, String pedidoId) {

    /**
     * The resources with a GET of their own, but products, whose tag comes with their body
     * ({@code LerProdutoQuery}). A variation's version is its product's.
     */
    public enum Alvo {
        VARIACAO,
        CATEGORIA,
        GRUPO,
        CLIENTE,
        PEDIDO,
        NOTA_FISCAL,
        ETIQUETA
    }
}
