package br.com.lojaapi.command.produto;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.BaixaDeEstoque;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.EstoqueMovimentadoEvent;
import br.com.lojaapi.coreapi.produto.MovimentarEstoqueCommand;

import java.math.BigDecimal;
import java.util.List;

/**
 * A product's stock, decided from the product's state: where it is kept (the product, or each variation while it
 * has any, the product's being their sum), what a movement makes of it ({@link RegrasDeEstoque}), and what it
 * becomes once an order's lines take or give back some. Applying the events is the aggregate's.
 */
record EstoqueDoProduto(String produtoId, String lojaId, DadosProduto dados, Variacoes variacoes) {

    EstoqueMovimentadoEvent movimentar(MovimentarEstoqueCommand comando) {
        String variacaoId = comando.variacaoId();
        if (variacaoId == null && !variacoes.vazia()) {
            throw ErroDeNegocio.invalido("O produto tem variações: informe variacaoId (o estoque do produto é a soma do "
                    + "estoque delas)");
        }
        if (variacaoId != null && variacoes.buscar(variacaoId).isEmpty()) {
            throw ErroDeNegocio.invalido("variacaoId não é uma variação deste produto: " + variacaoId);
        }
        BigDecimal anterior = variacaoId == null ? dados.quantidadeEstoque()
                : variacoes.exigir(variacaoId).dados().quantidadeEstoque();
        BigDecimal atual = RegrasDeEstoque.movimentar(anterior, comando.tipo(), comando.quantidade(),
                dados.controlaEstoque());
        BigDecimal quantidade = RegrasDeEstoque.quantidadeDoMovimento(comando.tipo(), comando.quantidade());
        String observacao = RegrasDeProduto.texto(comando.observacao(), 500, "observacao", false);
        BigDecimal doProduto = variacaoId == null ? atual : variacoes.comEstoque(variacaoId, atual).exigirLimite().estoque();
        return new EstoqueMovimentadoEvent(produtoId, lojaId, comando.movimentoId(), variacaoId, comando.tipo(),
                quantidade, anterior, atual, doProduto, observacao, comando.criadoEm());
    }

    /** The product's stock once these changes (in order, the last one per place winning) are applied. */
    BigDecimal apos(List<BaixaDeEstoque> mudancas) {
        Variacoes depois = variacoes;
        BigDecimal doProduto = dados.quantidadeEstoque();
        for (BaixaDeEstoque mudanca : mudancas) {
            if (mudanca.variacaoId() == null) {
                doProduto = mudanca.quantidadeAtual();
            } else {
                depois = depois.comEstoque(mudanca.variacaoId(), mudanca.quantidadeAtual());
                doProduto = depois.estoque();
            }
        }
        return doProduto;
    }
}
