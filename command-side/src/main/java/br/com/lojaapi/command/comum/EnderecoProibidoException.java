package br.com.lojaapi.command.comum;

import java.net.UnknownHostException;

/**
 * A target the service may not call: an internal address, a cloud metadata address, or an IPv4 address written in a
 * form other than {@code a.b.c.d}. An UnknownHostException, so HTTP clients stop before connecting.
 */
public class EnderecoProibidoException extends UnknownHostException {

    /** Why the target is refused, each with the words a client is told. */
    public enum Motivo {
        REDE_INTERNA("aponta para um endereço de rede interna (loopback, privado, link-local ou reservado), "
                     + "que não é aceito"),
        METADADOS("aponta para um endereço de metadados de nuvem (rede interna), que não é aceito"),
        FORMA_NUMERICA("escreve o endereço IPv4 numa forma que não é a.b.c.d (hexadecimal, octal, número único ou "
                       + "abreviada), que não é aceita");

        private final String texto;

        Motivo(String texto) {
            this.texto = texto;
        }

        public String texto() {
            return texto;
        }
    }

    private final Motivo motivo;

    public EnderecoProibidoException(String alvo) {
        this(alvo, Motivo.REDE_INTERNA);
    }

    public EnderecoProibidoException(String alvo, Motivo motivo) {
        super(motivo + ": " + alvo);
        this.motivo = motivo;
    }

    public Motivo motivo() {
        return motivo;
    }
}
