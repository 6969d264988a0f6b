package br.com.lojaapi.gateway.erro;

/** An uploaded file over its own limit (an invoice XML over 2 MiB, say): 413 with the limit in the message. */
public class ArquivoGrandeDemaisException extends RuntimeException {

    public ArquivoGrandeDemaisException(String mensagem) {
        super(mensagem, null, false, false);
    }
}
