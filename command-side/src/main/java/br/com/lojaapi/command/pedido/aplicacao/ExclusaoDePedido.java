package br.com.lojaapi.command.pedido.aplicacao;

import br.com.lojaapi.command.comum.PedidosVivos;
import br.com.lojaapi.command.envio.EtiquetasDeEnvioDoPedido;
import br.com.lojaapi.command.notafiscal.NotasFiscaisDoPedido;
import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.pedido.PedidoExcluido;
import br.com.lojaapi.coreapi.pedido.RemoverPedidoCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.List;

/**
 * DELETE of a cancelled order: the order and, in the same transaction, every invoice and carrier label linked to it,
 * so nothing outlives its order (an invoice would keep its key taken).
 */
@Service
public class ExclusaoDePedido {

    private final CommandGateway comandos;
    private final NotasFiscaisDoPedido notasFiscais;
    private final EtiquetasDeEnvioDoPedido etiquetas;
    private final PedidosVivos pedidosVivos;

    ExclusaoDePedido(CommandGateway comandos, NotasFiscaisDoPedido notasFiscais, EtiquetasDeEnvioDoPedido etiquetas,
                     PedidosVivos pedidosVivos) {
        this.comandos = comandos;
        this.notasFiscais = notasFiscais;
        this.etiquetas = etiquetas;
        this.pedidosVivos = pedidosVivos;
    }

    /** The deleted order, and the removals of its invoices and carrier labels, deleted with it. */
    public record Exclusao(PedidoExcluido pedido, List<ResultadoDoAnexo> notasFiscais,
                           List<ResultadoDoAnexo> etiquetas) {
    }

    @Transactional
    public Exclusao excluir(String lojaId, String pedidoId, Instant agora, VersaoEsperada esperada) {
        pedidosVivos.travar(lojaId, pedidoId);
        PedidoExcluido excluido = comandos.sendAndWait(new RemoverPedidoCommand(pedidoId, lojaId, agora, esperada));
        return new Exclusao(excluido, notasFiscais.removerDoPedido(lojaId, pedidoId, agora),
                etiquetas.removerDoPedido(lojaId, pedidoId, agora));
    }
}
