package br.com.lojaapi.gateway.cliente;

import br.com.lojaapi.coreapi.cliente.ClientesPorIdQuery;
import br.com.lojaapi.coreapi.cliente.PaginaDeClientes;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.sincronia.ItemSincronizado;
import br.com.lojaapi.gateway.sincronia.Sincronia;
import br.com.lojaapi.gateway.sincronia.SincroniaController;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Set;

/** Incremental sync of customers (extension). Customers are never removed, so no item is. */
@RestController
@RequestMapping(path = "/v1/clientes", produces = "application/json")
@Tag(name = "Clientes")
class SincroniaDeClientesController extends SincroniaController<ClienteJson> {

    private final QueryGateway consultas;

    SincroniaDeClientesController(Sincronia sincronia, QueryGateway consultas) {
        super(sincronia, Pagina::new);
        this.consultas = consultas;
    }

    @Schema(name = "SincroniaDeClientes")
    record Pagina(List<ItemSincronizado<ClienteJson>> clientes, String cursor, boolean temMais) {
    }

    @Override
    protected Sincronia.Modelo<ClienteJson> modelo(String lojaId) {
        return new Sincronia.Modelo<>(ModeloLeitura.CLIENTE, 'c', Set.of("page", "busca"),
                ids -> consultas.query(new ClientesPorIdQuery(lojaId, ids), PaginaDeClientes.class).join()
                                .clientes().stream().map(ClienteJson::de).toList(),
                ClienteJson::id, ClienteJson::versao);
    }
}
