package br.com.lojaapi.command.comum;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.util.Objects;

/**
 * Every aggregate belongs to one store. A command naming another store finds nothing there: it is refused exactly
 * like a command on a missing aggregate, so another store's ids reveal nothing.
 */
public final class DaLoja {

    private DaLoja() {
    }

    public static void exigir(String lojaDoAgregado, String lojaDoComando, String naoEncontrado) {
        if (!Objects.equals(lojaDoAgregado, lojaDoComando)) {
            throw ErroDeNegocio.naoEncontrado(naoEncontrado);
        }
    }
}
