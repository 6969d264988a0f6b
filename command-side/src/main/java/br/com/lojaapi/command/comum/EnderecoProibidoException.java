package br.com.lojaapi.command.comum;

import java.net.UnknownHostException;

/** A target on the internal network. An UnknownHostException, so HTTP clients stop before connecting. */
public class EnderecoProibidoException extends UnknownHostException {

    public EnderecoProibidoException(String alvo) {
        super("endereço de rede interna: " + alvo);
    }
}
