package br.com.lojaapi.command.produto;

import br.com.lojaapi.coreapi.produto.AdicionarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.AlterarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.RemoverVariacaoCommand;
import br.com.lojaapi.coreapi.produto.VariacaoAdicionadaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAlteradaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;
import br.com.lojaapi.coreapi.produto.VariacaoRemovidaEvent;

import java.util.Optional;

/**
 * What a variation command changes in a product, decided from the product's variations: the event, with the
 * product's stock after it (the sum of its variations). The limits of {@link Variacoes} and the field rules of
 * {@link RegrasDeVariacao} are checked here; who may send the command, and applying the event, are the aggregate's.
 */
record VariacoesDoProduto(String produtoId, String lojaId, Variacoes variacoes) {

    VariacaoAdicionadaEvent adicionar(AdicionarVariacaoCommand comando) {
        VariacaoDoProduto nova = new VariacaoDoProduto(comando.variacao().novoId(),
                RegrasDeVariacao.nova(comando.variacao()));
        Variacoes novas = variacoes.com(nova).exigirLimite();
        return new VariacaoAdicionadaEvent(produtoId, lojaId, nova, novas.estoque(), comando.adicionadaEm());
    }

    /** Empty when what the command sends leaves the variation as it is. */
    Optional<VariacaoAlteradaEvent> alterar(AlterarVariacaoCommand comando) {
        VariacaoDoProduto atual = variacoes.exigir(comando.variacaoId());
        VariacaoDoProduto alterada = new VariacaoDoProduto(atual.variacaoId(),
                RegrasDeVariacao.aplicar(atual.dados(), comando.alteracao()));
        if (alterada.equals(atual)) {
            return Optional.empty();
        }
        Variacoes novas = variacoes.com(alterada).exigirLimite();
        return Optional.of(new VariacaoAlteradaEvent(produtoId, lojaId, alterada, novas.estoque(),
                comando.alteradaEm()));
    }

    VariacaoRemovidaEvent remover(RemoverVariacaoCommand comando) {
        variacoes.exigir(comando.variacaoId());
        Variacoes novas = variacoes.sem(comando.variacaoId());
        return new VariacaoRemovidaEvent(produtoId, lojaId, comando.variacaoId(), novas.estoque(),
                comando.removidaEm());
    }
}
