package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.produto.BuscarProdutoQuery;
import br.com.lojaapi.coreapi.produto.ProdutoView;
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
    public Optional<Object> ler(String lojaId, String id) {
        return buscar(lojaId, id).map(Object.class::cast);
    }

    Optional<ProdutoJson> buscar(String lojaId, String id) {
        return consultas.query(new BuscarProdutoQuery(lojaId, id), ResponseTypes.optionalInstanceOf(ProdutoView.class))
                        .join()
                        .map(p -> ProdutoJson.de(p, vitrine.daLoja(lojaId).apply(p.id())));
    }
}
