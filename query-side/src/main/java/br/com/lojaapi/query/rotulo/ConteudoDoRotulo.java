package br.com.lojaapi.query.rotulo;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * What one store label prints, already decided by the caller: the renderers only lay it out, so the choice of the
 * QR link (tracking address or storefront order page) and of the weight (only when every item has one) stays with
 * whoever reads the order.
 *
 * @param numero         the order number: the value of the Code 128 and the large "Pedido 123"
 * @param link           the QR code content, printed in small type under it as well
 * @param entrega        the delivery method as the order states it; not printed when null or blank
 * @param codigoRastreio null when the order has no tracking code
 * @param nota           null when the order has no authorised invoice
 * @param pesoKg         null when the weight is unknown: the label then shows no weight at all
 * @param itens          contents lines, already formatted; empty (or null) prints no contents block
 */
public record ConteudoDoRotulo(long numero, String link, Destinatario destinatario, String entrega,
                                 String codigoRastreio, NotaDoRotulo nota, BigDecimal pesoKg, List<String> itens,
                                 Remetente remetente) {

    public ConteudoDoRotulo {
        Objects.requireNonNull(link, "link");
        Objects.requireNonNull(destinatario, "destinatario");
        Objects.requireNonNull(remetente, "remetente");
        if (link.isBlank()) {
            throw new IllegalArgumentException("o link do QR code não pode ser vazio");
        }
        itens = itens == null ? List.of() : List.copyOf(itens);
    }
}
