package br.com.lojaapi.coreapi.comum;

/**
 * Asks for the validator (HTTP ETag, without quotes) of a whole, unpaged list as its GET shows it. Answered with
 * {@code Optional<String>}: empty when the list's owner ({@code paiId}: a product or an order) is not found.
 */
public record CarimboDeListaQuery(String lojaId, Lista lista, String paiId) {

    public enum Lista {
        CATEGORIAS,
        GRUPOS,
        WEBHOOKS,
        /** of the product {@code paiId} */
        VARIACOES,
        /** of the order {@code paiId} */
        NOTAS_FISCAIS,
        /** of the order {@code paiId} */
        ETIQUETAS
    }
}
