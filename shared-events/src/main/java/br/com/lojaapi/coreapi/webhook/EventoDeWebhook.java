package br.com.lojaapi.coreapi.webhook;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The eleven event kinds a webhook can subscribe to, by the names the contract gives them (never to change). */
public enum EventoDeWebhook {
    PEDIDO_CRIADO("pedido.criado"),
    PEDIDO_STATUS("pedido.status"),
    PEDIDO_PAGO("pedido.pago"),
    PEDIDO_CANCELADO("pedido.cancelado"),
    PEDIDO_NOTA_FISCAL("pedido.nota_fiscal"),
    PEDIDO_ETIQUETA("pedido.etiqueta"),
    PEDIDO_EDITADO("pedido.editado"),
    CLIENTE_CRIADO("cliente.criado"),
    PRODUTO_ATUALIZADO("produto.atualizado"),
    PRODUTO_REMOVIDO("produto.removido"),
    PRODUTO_ESTOQUE_BAIXO("produto.estoque_baixo");

    private final String nome;

    EventoDeWebhook(String nome) {
        this.nome = nome;
    }

    public String nome() {
        return nome;
    }

    public static Optional<EventoDeWebhook> porNome(String nome) {
        return Arrays.stream(values()).filter(e -> e.nome.equals(nome)).findFirst();
    }

    public static List<String> nomes() {
        return Arrays.stream(values()).map(EventoDeWebhook::nome).toList();
    }
}
