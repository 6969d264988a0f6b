package br.com.lojaapi.gateway.web;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Declares the {@link Recurso}s of the controllers, on the service's command gateway, write answers and clock. */
@Component
public class Recursos {

    private final Comandos comandos;
    private final QueryGateway consultas;
    private final RespostaDeEscrita escrita;
    private final Clock relogio;

    Recursos(Comandos comandos, QueryGateway consultas, RespostaDeEscrita escrita, Clock relogio) {
        this.comandos = comandos;
        this.consultas = consultas;
        this.escrita = escrita;
        this.relogio = relogio;
    }

    /** A resource whose writes wait for {@code modelo}, read by {@code leitor}; 404 says {@code naoEncontrado}. */
    public <J> Recurso<J> de(ModeloLeitura modelo, String naoEncontrado, Recurso.Leitor<J> leitor) {
        return new Recurso<>(comandos, escrita, relogio, modelo, naoEncontrado, leitor, null, null, null, null);
    }

    /**
     * Reads with a query answered by an optional {@code vista}, shown as {@code json}: {@code consulta} builds the
     * query from the store and the id (a {@code Buscar...Query} constructor).
     */
    public <V, J> Recurso.Leitor<J> consulta(BiFunction<String, String, ?> consulta, Class<V> vista,
                                             Function<V, J> json) {
        return (lojaId, id) -> consultas.query(consulta.apply(lojaId, id), ResponseTypes.optionalInstanceOf(vista))
                                        .join().map(json);
    }

    /** Every item a query answers with a list of {@code vista}, shown as {@code json}, in the query's order. */
    public <V, J> List<J> todos(Object consulta, Class<V> vista, Function<V, J> json) {
        return consultas.query(consulta, ResponseTypes.multipleInstancesOf(vista)).join().stream().map(json).toList();
    }
}
