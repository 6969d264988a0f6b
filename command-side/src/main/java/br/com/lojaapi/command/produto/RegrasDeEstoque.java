package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.comum.Numeros;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.TipoMovimento;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Stock arithmetic: movements, the below-zero rule and the sale multiple of order lines. */
final class RegrasDeEstoque {

    private RegrasDeEstoque() {
    }

    /**
     * The quantity after a movement. With {@code controlaEstoque} the result may not go below zero; without it a
     * {@code SAIDA} may (the stock is not enforced), but never past the range the stock is kept in.
     */
    static BigDecimal movimentar(BigDecimal atual, TipoMovimento tipo, BigDecimal quantidade, boolean controlaEstoque) {
        BigDecimal valor = quantidadeDoMovimento(tipo, quantidade);
        BigDecimal resultado = switch (tipo) {
            case ENTRADA -> atual.add(valor);
            case SAIDA -> atual.subtract(valor);
            case AJUSTE -> valor;
        };
        if (resultado.signum() < 0 && controlaEstoque) {
            throw ErroDeNegocio.invalido(tipo == TipoMovimento.AJUSTE
                    ? "AJUSTE abaixo de zero num produto que controla estoque"
                    : "Estoque insuficiente: disponível " + atual.toPlainString() + ", saída de " + valor.toPlainString()
                            + " deixaria o estoque negativo");
        }
        if (resultado.abs().compareTo(Numeros.QUANTIDADE_MAXIMA) > 0) {
            throw ErroDeNegocio.invalido("o estoque resultante deve ficar entre -" + Numeros.QUANTIDADE_MAXIMA.toPlainString()
                    + " e " + Numeros.QUANTIDADE_MAXIMA.toPlainString());
        }
        return resultado;
    }

    /**
     * The movement's quantity with three decimals: more than zero for {@code ENTRADA} and {@code SAIDA}; any value
     * for {@code AJUSTE}, the absolute quantity to set (below zero only where stock is not controlled).
     */
    static BigDecimal quantidadeDoMovimento(TipoMovimento tipo, BigDecimal quantidade) {
        if (tipo == null) {
            throw ErroDeNegocio.invalido("tipo deve ser ENTRADA, SAIDA ou AJUSTE");
        }
        if (quantidade == null) {
            throw ErroDeNegocio.invalido("Informe a quantidade");
        }
        if (tipo == TipoMovimento.AJUSTE && quantidade.signum() < 0) {
            return Numeros.quantidade(quantidade.negate(), "quantidade").negate();
        }
        BigDecimal valor = Numeros.quantidade(quantidade, "quantidade");
        if (tipo != TipoMovimento.AJUSTE && valor.signum() == 0) {
            throw ErroDeNegocio.invalido("quantidade deve ser maior que zero em " + tipo);
        }
        return valor;
    }

    /**
     * An order line's quantity: three decimals, at least 0.001 as sent, rounded up to the next multiple of the
     * product's sale multiple whenever that is not 1 (0.5 turns 0.3 into 0.5; 6 turns 7 into 12).
     */
    static BigDecimal quantidadeDoItem(BigDecimal quantidade, BigDecimal multiploVenda, String campo) {
        BigDecimal valor = Numeros.quantidadeMinima(quantidade, campo);
        if (valor == null) {
            throw ErroDeNegocio.invalido(campo + " é obrigatório");
        }
        if (multiploVenda != null && multiploVenda.signum() > 0 && multiploVenda.compareTo(BigDecimal.ONE) != 0) {
            BigDecimal multiplos = valor.divide(multiploVenda, 0, RoundingMode.CEILING);
            valor = Numeros.quantidade(multiploVenda.multiply(multiplos), campo);
        }
        return valor;
    }

    /**
     * {@code produto.estoque_baixo} for the product and for each variation whose stock went from above its minimum
     * to at or below it in this change. A variation's alert is named "product (variation)" so that a receiver
     * knows which product ran low; its sku and code are the variation's.
     */
    static List<EstoqueBaixoEvent> alertas(String produtoId, String lojaId, DadosProduto antes, Variacoes variacoesAntes,
                                           DadosProduto depois, Variacoes variacoesDepois, Instant em) {
        List<EstoqueBaixoEvent> alertas = new ArrayList<>();
        if (cruzouMinimo(antes.quantidadeEstoque(), depois.quantidadeEstoque(), depois.estoqueMinimo())) {
            alertas.add(new EstoqueBaixoEvent(produtoId, lojaId, null, depois.nome(), depois.sku(),
                    depois.codIntegracao(), depois.quantidadeEstoque(), depois.estoqueMinimo(), em));
        }
        for (VariacaoDoProduto variacao : variacoesDepois.lista()) {
            DadosVariacao d = variacao.dados();
            variacoesAntes.buscar(variacao.variacaoId())
                          .filter(v -> cruzouMinimo(v.dados().quantidadeEstoque(), d.quantidadeEstoque(), d.estoqueMinimo()))
                          .ifPresent(v -> alertas.add(new EstoqueBaixoEvent(produtoId, lojaId, variacao.variacaoId(),
                                  depois.nome() + " (" + d.nome() + ")", d.sku(), d.codIntegracao(),
                                  d.quantidadeEstoque(), d.estoqueMinimo(), em)));
        }
        return alertas;
    }

    /** Stock went from above the minimum to at or below it. */
    static boolean cruzouMinimo(BigDecimal antes, BigDecimal depois, BigDecimal minimo) {
        return antes.compareTo(minimo) > 0 && depois.compareTo(minimo) <= 0;
    }
}
