package br.com.lojaapi.coreapi.categoria;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Optional;

/**
 * Partial update: a null field is left as it is. {@code descricao} is nullable in the resource, so it is wrapped:
 * null leaves it, {@code Optional.empty()} clears it.
 */
public record AtualizarCategoriaCommand(@TargetAggregateIdentifier String categoriaId,
                                        String lojaId,
                                        String nome,
                                        Optional<String> descricao,
                                        Integer ordem,
                                        Boolean ativa,
                                        Instant atualizadaEm,
                                        VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public AtualizarCategoriaCommand(String categoriaId, String lojaId, String nome, Optional<String> descricao,
            Integer ordem, Boolean ativa, Instant atualizadaEm) {
        this(categoriaId, lojaId, nome, descricao, ordem, ativa, atualizadaEm, null);
    }
}
