package br.com.lojaapi.coreapi.comum;

/** Kinds of business refusal; the gateway owns their mapping to HTTP statuses. */
public enum CodigoErro {
    /** The input breaks a rule (400). */
    INVALIDO,
    /** The resource does not exist in the caller's store (404). */
    NAO_ENCONTRADO,
    /** The resource's state forbids the operation (409). */
    CONFLITO,
    /** The client's {@code If-Match} names a version that is not the resource's current one (412). */
    VERSAO_DIVERGENTE
}
