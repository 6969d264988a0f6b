package br.com.lojaapi.command.comum;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Money and quantities as the service keeps them: money with 2 decimals and quantities with 3 (half up), both
 * within the columns that hold them. A value outside is refused here, before it can become an event that no read
 * model could store.
 */
public final class Numeros {

    public static final BigDecimal DINHEIRO_MAXIMO = new BigDecimal("99999999.99");
    public static final BigDecimal QUANTIDADE_MAXIMA = new BigDecimal("999999999.999");
    public static final BigDecimal MEDIDA_MAXIMA = new BigDecimal("999999.999");
    /** {@code ordem} of categories, products and groups: the contract says only "integer"; bounded to stay summable. */
    public static final int ORDEM_MAXIMA = 1_000_000;
    /** The contract's minimum for an order line's {@code quantidade} and a product's {@code multiploVenda}. */
    public static final BigDecimal QUANTIDADE_MINIMA = new BigDecimal("0.001");

    private Numeros() {
    }

    public static BigDecimal dinheiro(BigDecimal valor, String campo) {
        return limitado(valor, 2, DINHEIRO_MAXIMO, campo);
    }

    public static BigDecimal quantidade(BigDecimal valor, String campo) {
        return limitado(valor, 3, QUANTIDADE_MAXIMA, campo);
    }

    /**
     * A quantity of at least {@link #QUANTIDADE_MINIMA} as sent, then kept with three decimals: 0.0005 is refused,
     * not rounded up to the minimum.
     */
    public static BigDecimal quantidadeMinima(BigDecimal valor, String campo) {
        BigDecimal arredondado = quantidade(valor, campo);
        if (arredondado != null && valor.compareTo(QUANTIDADE_MINIMA) < 0) {
            throw ErroDeNegocio.invalido(campo + " deve ser no mínimo " + QUANTIDADE_MINIMA.toPlainString());
        }
        return arredondado;
    }

    /** A position: negative ones are allowed (a client may pin something before the rest), within the bounds. */
    public static Integer ordem(Integer ordem) {
        if (ordem < -ORDEM_MAXIMA || ordem > ORDEM_MAXIMA) {
            throw ErroDeNegocio.invalido("ordem deve estar entre -" + ORDEM_MAXIMA + " e " + ORDEM_MAXIMA);
        }
        return ordem;
    }

    public static BigDecimal medida(BigDecimal valor, String campo) {
        return limitado(valor, 3, MEDIDA_MAXIMA, campo);
    }

    /** The most decimal places accepted before rounding; beyond it rounding itself would be costly (1e-999999999). */
    static final int CASAS_MAXIMAS = 30;
    /** The most integer digits looked at before comparing with the maximum; 1e999999999 is refused unexpanded. */
    private static final int DIGITOS_INTEIROS_MAXIMOS = 18;

    private static BigDecimal limitado(BigDecimal valor, int casas, BigDecimal maximo, String campo) {
        if (valor == null) {
            return null;
        }
        // precision() and scale() are cheap; setScale on an extreme exponent is not (it expands the number).
        if (valor.precision() - valor.scale() > DIGITOS_INTEIROS_MAXIMOS) {
            throw ErroDeNegocio.invalido(campo + " deve ser no máximo " + maximo.toPlainString());
        }
        if (valor.scale() > CASAS_MAXIMAS) {
            throw ErroDeNegocio.invalido(campo + ": no máximo " + CASAS_MAXIMAS + " casas decimais");
        }
        BigDecimal arredondado = valor.setScale(casas, RoundingMode.HALF_UP);
        if (arredondado.signum() < 0) {
            throw ErroDeNegocio.invalido(campo + " não pode ser negativo");
        }
        if (arredondado.compareTo(maximo) > 0) {
            throw ErroDeNegocio.invalido(campo + " deve ser no máximo " + maximo.toPlainString());
        }
        return arredondado;
    }
}
