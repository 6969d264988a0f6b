package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.gateway.web.Ids;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.util.Optional;

/** Store lookups for the operator API. */
@Component
public class Lojas {

    static final String NAO_ENCONTRADA = "Loja não encontrada";

    private final QueryGateway consultas;

    Lojas(QueryGateway consultas) {
        this.consultas = consultas;
    }

    Optional<LojaJson> buscar(String id) {
        return consultas.query(new BuscarLojaQuery(id), ResponseTypes.optionalInstanceOf(LojaView.class))
                        .join().map(LojaJson::de);
    }

    /** The id, when it names a store; the store's 404 otherwise. */
    public String exigir(String id) {
        Ids.exigir(id, NAO_ENCONTRADA);
        if (buscar(id).isEmpty()) {
            throw ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA);
        }
        return id;
    }
}
