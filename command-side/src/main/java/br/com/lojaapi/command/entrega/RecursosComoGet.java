package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;

/**
 * The resources a webhook's {@code dados} shows exactly as their GET returns them (decision 050). How a resource is
 * shown is the web layer's: its types are the API's public representation and publish their schemas in the
 * description. So api-gateway implements this, and each representation is one of its web types, marked by the
 * interface here that the catalogue ({@link EventoDeWebhook}) and the records of {@link DadosDeEvento} name.
 */
public interface RecursosComoGet {

    /** The customer as GET /clientes/{id} shows it. */
    Cliente cliente(ClienteView cliente);

    /** The invoice as GET returns it, at this version of its aggregate. */
    NotaFiscal notaFiscal(EstadoDaNota nota, long versao);

    /** The carrier label as GET returns it, at this version of its aggregate. */
    Etiqueta etiqueta(EstadoDaEtiqueta etiqueta, long versao);

    /** An order line as GET /pedidos/{id} shows it. */
    Item item(ItemDoPedido item);

    /**
     * The product as GET /produtos/{id} shows it, read once the read model shows this version (or a later one);
     * null when it was removed meanwhile.
     */
    Produto produto(String lojaId, String produtoId, long versao);

    /** A customer as GET shows it. */
    interface Cliente {
    }

    /** A product as GET shows it. */
    interface Produto {
    }

    /** An invoice as GET shows it. */
    interface NotaFiscal {
    }

    /** A carrier label as GET shows it. */
    interface Etiqueta {
    }

    /** An order line as GET /pedidos/{id} shows it. */
    interface Item {
    }
}
