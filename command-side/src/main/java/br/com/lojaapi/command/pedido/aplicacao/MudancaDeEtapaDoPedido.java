package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.MudarEtapaDoPedidoCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;

/**
 * PATCH with any other status. Only the order changes, but under its lock like every status change and edit, so a
 * change queues behind another of the same order on any node instead of colliding with it and retrying.
 */
@Service
public class MudancaDeEtapaDoPedido {

    private final CommandGateway comandos;
    private final TravaDoPedido travaDoPedido;

    MudancaDeEtapaDoPedido(CommandGateway comandos, TravaDoPedido travaDoPedido) {
        this.comandos = comandos;
        this.travaDoPedido = travaDoPedido;
    }

    @Transactional
    public List<Escrita> mudar(MudarEtapaDoPedidoCommand comando) {
        travaDoPedido.travar(comando.pedidoId());
        long versao = comandos.<Long>sendAndWait(comando);
        return List.of(new Escrita(ModeloLeitura.PEDIDO, comando.pedidoId(), versao));
    }
}
