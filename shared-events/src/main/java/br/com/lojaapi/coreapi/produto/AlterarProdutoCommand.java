package br.com.lojaapi.coreapi.produto;

import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * PUT and upsert update: only the fields present change. {@code variacoes} (upsert only) are matched by
 * {@code codIntegracao}, then by {@code sku}; matched ones are changed, others created; none is removed.
 */
public record AlterarProdutoCommand(@TargetAggregateIdentifier String produtoId,
                                    String lojaId,
                                    AlteracaoProduto alteracao,
                                    List<AlteracaoVariacao> variacoes,
                                    Instant alteradoEm,
                                    VersaoEsperada versaoEsperada) {

    /** Without an {@code If-Match} precondition. */
    public AlterarProdutoCommand(String produtoId, String lojaId, AlteracaoProduto alteracao,
            List<AlteracaoVariacao> variacoes, Instant alteradoEm) {
        this(produtoId, lojaId, alteracao, variacoes, alteradoEm, null);
    }

    public AlterarProdutoCommand {
        variacoes = variacoes == null ? List.of() : List.copyOf(variacoes);
    }
}
