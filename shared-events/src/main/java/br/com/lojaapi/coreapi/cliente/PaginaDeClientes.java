package br.com.lojaapi.coreapi.cliente;

import java.util.List;

public record PaginaDeClientes(List<ClienteView> clientes, long total) {

    public PaginaDeClientes {
        clientes = List.copyOf(clientes);
    }
}
