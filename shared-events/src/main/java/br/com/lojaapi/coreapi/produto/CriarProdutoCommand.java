package br.com.lojaapi.coreapi.produto;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * Creates a product from a partial description: fields left null take their defaults, and every variation is new.
 * {@code categoriaId} must already be resolved (explicit, by name, or the store's "Sem categoria").
 */
public record CriarProdutoCommand(@TargetAggregateIdentifier String produtoId,
                                  String lojaId,
                                  AlteracaoProduto dados,
                                  Boolean controlaEstoque,
                                  List<AlteracaoVariacao> variacoes,
                                  Instant criadoEm) {

    public CriarProdutoCommand {
        variacoes = variacoes == null ? List.of() : List.copyOf(variacoes);
    }
}
