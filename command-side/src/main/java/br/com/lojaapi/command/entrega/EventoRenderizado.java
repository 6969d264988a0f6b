package br.com.lojaapi.command.entrega;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One event of a webhook kind ({@code tipo}: its name on the wire, {@code pedido.criado}), as a client sees it. The
 * body is rendered only when asked for ({@code produto.atualizado} waits for the product's read model); it is empty
 * when the resource no longer exists to be shown.
 */
public record EventoRenderizado(String id, String lojaId, String tipo, Instant criadoEm,
                                Supplier<Optional<String>> corpo) {

    public Optional<String> renderizar() {
        return corpo.get();
    }
}
