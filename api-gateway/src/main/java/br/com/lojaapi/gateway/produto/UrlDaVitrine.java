package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.LojaView;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.util.function.Function;

/**
 * {@code Produto.url}: {@code https://{slug}.{STOREFRONT_DOMAIN}/produto/{id}}, or the store's own domain when it
 * has one. Computed when read, so a store that changes its slug or domain changes every product URL at once. The
 * order page that a store label's QR code opens lives on the same host, so both follow the same rule.
 */
@Component
public class UrlDaVitrine {

    private final QueryGateway consultas;
    private final String dominio;

    UrlDaVitrine(QueryGateway consultas, @Value("${loja.vitrine.dominio:lojas.example.com}") String dominio) {
        this.consultas = consultas;
        this.dominio = dominio;
    }

    /** A function from product id to URL for one store (reads the store once). */
    Function<String, String> daLoja(String lojaId) {
        LojaView loja = consultas.query(new BuscarLojaQuery(lojaId), ResponseTypes.optionalInstanceOf(LojaView.class))
                                 .join().orElseThrow(() -> new IllegalStateException("loja sem registro: " + lojaId));
        String host = host(loja.dados());
        return produtoId -> "https://" + host + "/produto/" + produtoId;
    }

    /** A product's URL in a store of that slug and own domain (null when it has none). */
    String doProduto(String slug, String dominioProprio, String produtoId) {
        return "https://" + host(slug, dominioProprio) + "/produto/" + produtoId;
    }

    /** {@code https://{slug}.{STOREFRONT_DOMAIN}/pedido/{id}}, or the same page on the store's own domain. */
    public String doPedido(DadosLoja loja, String pedidoId) {
        return "https://" + host(loja) + "/pedido/" + pedidoId;
    }

    private String host(DadosLoja loja) {
        return host(loja.slug(), loja.dominioProprio());
    }

    private String host(String slug, String dominioProprio) {
        return dominioProprio != null ? dominioProprio : slug + "." + dominio;
    }
}
