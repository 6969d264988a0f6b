package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.produto.LerProdutoQuery;
import br.com.lojaapi.coreapi.produto.ProdutoLido;
import br.com.lojaapi.gateway.web.ComEtag;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.util.Optional;

/** A product exactly as GET /produtos/{id} shows it: for the endpoint and for {@code produto.atualizado}. */
@Component
public class ProdutoComoGet {

    private final QueryGateway consultas;
    private final UrlDaVitrine vitrine;

    ProdutoComoGet(QueryGateway consultas, UrlDaVitrine vitrine) {
        this.consultas = consultas;
        this.vitrine = vitrine;
    }

    /** The product's JSON body, empty when it is not (or no longer) a product of the store. */
    public Optional<ProdutoJson> buscar(String lojaId, String id) {
        return comEtag(lojaId, id).map(ComEtag::corpo);
    }

    /** The body with its ETag, both from one statement. */
    Optional<ComEtag<ProdutoJson>> comEtag(String lojaId, String id) {
        return consultas.query(new LerProdutoQuery(lojaId, id), ResponseTypes.optionalInstanceOf(ProdutoLido.class))
                        .join()
                        .map(lido -> new ComEtag<>(ProdutoJson.de(lido.produto(), vitrine.doProduto(lido.slugDaLoja(),
                                lido.dominioDaLoja(), lido.produto().id())), lido.etag()));
    }
}
