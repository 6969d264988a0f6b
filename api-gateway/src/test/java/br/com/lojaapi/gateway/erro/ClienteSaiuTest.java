package br.com.lojaapi.gateway.erro;

import org.apache.catalina.connector.ClientAbortException;
import org.junit.jupiter.api.Test;
import org.springframework.http.converter.HttpMessageNotWritableException;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;

import java.io.IOException;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/** Which failures mean the client went away (logged at DEBUG, nothing answered) and which are still ours. */
class ClienteSaiuTest {

    @Test
    void abortoDoClienteEmQualquerEmbrulho() {
        assertThat(TratadorDeErros.clienteSaiu(new ClientAbortException(new IOException("Broken pipe")))).isTrue();
        assertThat(TratadorDeErros.clienteSaiu(new AsyncRequestNotUsableException(
                "ServletOutputStream failed to write: java.io.IOException: Connection reset by peer"))).isTrue();
        assertThat(TratadorDeErros.clienteSaiu(new HttpMessageNotWritableException("Could not write JSON",
                new IOException("Broken pipe")))).isTrue();
    }

    @Test
    void aConexaoDoBancoQueCaiNaoEOClienteQueSaiu() {
        assertThat(TratadorDeErros.clienteSaiu(new IllegalStateException("falha ao consultar",
                new SQLException("An I/O error occurred while sending to the backend", "08006",
                        new IOException("Connection reset by peer"))))).isFalse();
        assertThat(TratadorDeErros.clienteSaiu(new IllegalStateException("um defeito"))).isFalse();
        assertThat(TratadorDeErros.clienteSaiu(new IOException("No space left on device"))).isFalse();
    }
}
