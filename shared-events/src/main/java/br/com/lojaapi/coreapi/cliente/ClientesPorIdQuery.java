package br.com.lojaapi.coreapi.cliente;

import java.util.List;

/** The store's customers with these ids, in no particular order; answered with a page. */
public record ClientesPorIdQuery(String lojaId, List<String> ids) {

    public ClientesPorIdQuery {
        ids = List.copyOf(ids);
    }
}
