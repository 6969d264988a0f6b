package br.com.lojaapi.gateway.erro;

import java.io.IOException;

/** Raised while reading a request body that goes past the configured limit. */
public class CorpoGrandeDemaisException extends IOException {

    private final long limite;

    public CorpoGrandeDemaisException(long limite) {
        super("corpo acima de " + limite + " bytes", null);
        this.limite = limite;
    }

    public long limite() {
        return limite;
    }
}
