package br.com.lojaapi.command.comum;

import java.util.List;

/**
 * Processing groups that maintain command-side lookup tables. They must run subscribing, inside the command's
 * transaction, with errors propagated: a swallowed unique violation would let a duplicate through.
 */
public final class GruposDeLookup {

    public static final String CATEGORIA = "categoria-lookup";
    public static final String LOJA_SLUG = "loja-slug-lookup";
    public static final String PRODUTO = "produto-lookup";
    public static final String GRUPO = "grupo-complemento-lookup";
    public static final String CLIENTE = "cliente-lookup";
    public static final String WEBHOOK = "webhook-lookup";
    public static final String RECUPERACAO_DE_WEBHOOK = "webhook-recuperacao-lookup";
    public static final String NOTA_FISCAL = "nota-fiscal-lookup";
    public static final String ETIQUETA_DE_ENVIO = "etiqueta-lookup";
    public static final List<String> TODOS =
            List.of(CATEGORIA, LOJA_SLUG, PRODUTO, GRUPO, CLIENTE, WEBHOOK, RECUPERACAO_DE_WEBHOOK, NOTA_FISCAL,
                    ETIQUETA_DE_ENVIO);

    private GruposDeLookup() {
    }
}
