package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.MudarEtapaDoPedidoCommand;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;

/**
 * PATCH with any other status. Only the order changes, but under its lock like every status change and edit, so a
 * change queues behind another of the same order on any node instead of colliding with it and retrying.
 */
@Service
public class MudancaDeEtapaDoPedido {

    private final PassosDoPedido passos;

    MudancaDeEtapaDoPedido(PassosDoPedido passos) {
        this.passos = passos;
    }

    @Transactional
    public List<Escrita> mudar(MudarEtapaDoPedidoCommand comando) {
        long versao = passos.<Long>noPedido(comando.pedidoId(), comando);
        return List.of(new Escrita(ModeloLeitura.PEDIDO, comando.pedidoId(), versao));
    }
}
