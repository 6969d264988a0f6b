package br.com.lojaapi.command.anexo;

import br.com.lojaapi.command.comum.PedidosVivos;
import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the services of an order's attached files (invoices, carrier labels) share, each in one transaction whose
 * commands run in-thread: a new attachment is linked under the order's advisory lock, which an order deletion takes
 * too, only to an order that exists and below the kind's limit per order; one attachment is removed under the lock
 * a send of the same attachment takes; and an order deleted for good takes all of its attachments with it. What a
 * send is (its parsing, checks and warnings) is each kind's own.
 *
 * @param <L> the kind's lookup table
 */
public abstract class AnexosDoPedido<L extends LookupDeAnexos> {

    /** The {@code origem} of an attachment sent through this API. */
    public static final String ORIGEM_API = "API";

    protected final CommandGateway comandos;
    protected final PedidosVivos pedidos;
    protected final L lookup;
    private final int maximo;
    private final String acimaDoMaximo;

    protected AnexosDoPedido(CommandGateway comandos, PedidosVivos pedidos, L lookup, int maximo,
                             String acimaDoMaximo) {
        this.comandos = comandos;
        this.pedidos = pedidos;
        this.lookup = lookup;
        this.maximo = maximo;
        this.acimaDoMaximo = acimaDoMaximo;
    }

    @Transactional
    public ResultadoDoAnexo remover(String lojaId, String pedidoId, String id, Instant agora,
                                    VersaoEsperada esperada) {
        travarParaRemover(lojaId, pedidoId, id);
        return comandos.sendAndWait(remocao(id, lojaId, pedidoId, agora, esperada));
    }

    /**
     * Removes every attachment of an order, in the caller's transaction: an order deleted for good takes them with
     * it. Answers each removal (its version, and the stored files nothing refers to any more).
     */
    @Transactional
    public List<ResultadoDoAnexo> removerDoPedido(String lojaId, String pedidoId, Instant agora) {
        // The lock a new attachment of this order takes: one linked meanwhile is either listed here or, sent after,
        // finds the order removed.
        pedidos.travar(lojaId, pedidoId);
        List<ResultadoDoAnexo> removidos = new ArrayList<>();
        for (String id : lookup.idsDoPedido(lojaId, pedidoId)) {
            removidos.add(comandos.sendAndWait(remocao(id, lojaId, pedidoId, agora, null)));
        }
        return removidos;
    }

    /**
     * Takes the lock of everything attached to the order (until the end of the transaction, on every node), then
     * requires the order to exist and not be deleted.
     */
    protected void exigirPedido(String lojaId, String pedidoId) {
        pedidos.travar(lojaId, pedidoId);
        pedidos.exigir(lojaId, pedidoId);
    }

    /** Under the order's lock ({@link #exigirPedido}): room for one more, so concurrent sends never pass the limit. */
    protected void exigirVaga(String lojaId, String pedidoId) {
        if (lookup.doPedido(lojaId, pedidoId) >= maximo) {
            throw ErroDeNegocio.conflito(acimaDoMaximo);
        }
    }

    /** The lock a send of this same attachment takes, so the send either sees it or not, never half. */
    protected abstract void travarParaRemover(String lojaId, String pedidoId, String id);

    /** The kind's removal command; {@code esperada} null when there is no {@code If-Match}. */
    protected abstract Object remocao(String id, String lojaId, String pedidoId, Instant agora,
                                      VersaoEsperada esperada);
}
