package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.produto.LerProdutoQuery;
import br.com.lojaapi.coreapi.produto.ProdutoLido;
import br.com.lojaapi.gateway.web.ComEtag;
import br.com.lojaapi.query.comum.LeituraDaPropriaEscrita;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.util.Optional;

/** A product exactly as GET /produtos/{id} shows it: for the endpoint and for {@code produto.atualizado}. */
@Component
public class ProdutoComoGet {

    private final QueryGateway consultas;
    private final UrlDaVitrine vitrine;
    private final LeituraDaPropriaEscrita leitura;

    ProdutoComoGet(QueryGateway consultas, UrlDaVitrine vitrine, LeituraDaPropriaEscrita leitura) {
        this.consultas = consultas;
        this.vitrine = vitrine;
        this.leitura = leitura;
    }

    /** The product's JSON body, empty when it is not (or no longer) a product of the store. */
    Optional<ProdutoJson> buscar(String lojaId, String id) {
        return comEtag(lojaId, id).map(ComEtag::corpo);
    }

    /**
     * The body once the read model shows this change (or a later one), for {@code produto.atualizado}; null when the
     * product was removed meanwhile.
     */
    public ProdutoJson naVersao(String lojaId, String id, long versao) {
        leitura.aguardarVersao(ModeloLeitura.PRODUTO, lojaId, id, versao);
        return buscar(lojaId, id).orElse(null);
    }

    /** The body with its ETag, both from one statement. */
    Optional<ComEtag<ProdutoJson>> comEtag(String lojaId, String id) {
        return consultas.query(new LerProdutoQuery(lojaId, id), ResponseTypes.optionalInstanceOf(ProdutoLido.class))
                        .join()
                        .map(lido -> new ComEtag<>(ProdutoJson.de(lido.produto(), vitrine.doProduto(lido.slugDaLoja(),
                                lido.dominioDaLoja(), lido.produto().id())), lido.etag()));
    }
}
