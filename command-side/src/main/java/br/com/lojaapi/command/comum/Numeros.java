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

    private Numeros() {
    }

    public static BigDecimal dinheiro(BigDecimal valor, String campo) {
        return limitado(valor, 2, DINHEIRO_MAXIMO, campo);
    }

    public static BigDecimal quantidade(BigDecimal valor, String campo) {
        return limitado(valor, 3, QUANTIDADE_MAXIMA, campo);
    }

    public static BigDecimal medida(BigDecimal valor, String campo) {
        return limitado(valor, 3, MEDIDA_MAXIMA, campo);
    }

    private static BigDecimal limitado(BigDecimal valor, int casas, BigDecimal maximo, String campo) {
        if (valor == null) {
            return null;
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
