package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.gateway.web.Recurso;
import br.com.lojaapi.gateway.web.Recursos;
import org.springframework.stereotype.Component;

/** Store lookups for the operator API, and stores as a {@link Recurso}: a store's row belongs to the store itself. */
@Component
public class Lojas {

    private static final String NAO_ENCONTRADA = "Loja não encontrada";

    private final Recurso<LojaJson> lojas;

    Lojas(Recursos recursos) {
        this.lojas = recursos.de(ModeloLeitura.LOJA, NAO_ENCONTRADA,
                        recursos.consulta((lojaId, id) -> new BuscarLojaQuery(id), LojaView.class, LojaJson::de))
                .comLocal("/admin/lojas/");
    }

    Recurso<LojaJson> recurso() {
        return lojas;
    }

    /** The id, when it names a store; the store's 404 otherwise. */
    public String exigir(String id) {
        lojas.exigir(id, id);
        return id;
    }
}
