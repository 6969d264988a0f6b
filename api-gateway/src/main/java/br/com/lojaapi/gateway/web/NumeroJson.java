package br.com.lojaapi.gateway.web;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

import java.io.IOException;
import java.math.BigDecimal;

/**
 * Decimal numbers in responses as plain JSON numbers without trailing zeros: money is kept with 2 decimals and
 * quantities with 3, but a client reads {@code 1} and {@code 12.5}, never {@code 1.000} or {@code 1E+1}.
 */
class NumeroJson extends StdSerializer<BigDecimal> {

    NumeroJson() {
        super(BigDecimal.class);
    }

    @Override
    public void serialize(BigDecimal valor, JsonGenerator gerador, SerializerProvider provedor) throws IOException {
        gerador.writeNumber(valor.signum() == 0 ? "0" : valor.stripTrailingZeros().toPlainString());
    }
}
