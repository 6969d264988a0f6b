package br.com.lojaapi.gateway.idempotencia;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A request whose body was read by the filter, served again from memory to whatever reads it next: message
 * converters and the controllers that read the raw stream (an XML invoice, a raw label). The body is never larger
 * than the input limit that {@code LimitesDeEntradaFilter} enforced while it was read.
 */
final class CorpoEmMemoria extends HttpServletRequestWrapper {

    private final byte[] corpo;
    private ServletInputStream entrada;
    private BufferedReader leitor;

    CorpoEmMemoria(HttpServletRequest requisicao, byte[] corpo) {
        super(requisicao);
        this.corpo = corpo;
    }

    @Override
    public ServletInputStream getInputStream() {
        if (leitor != null) {
            throw new IllegalStateException("getReader() já foi chamado nesta requisição");
        }
        if (entrada == null) {
            entrada = new Entrada(new ByteArrayInputStream(corpo));
        }
        return entrada;
    }

    @Override
    public BufferedReader getReader() {
        if (entrada != null) {
            throw new IllegalStateException("getInputStream() já foi chamado nesta requisição");
        }
        if (leitor == null) {
            String codificacao = getCharacterEncoding();
            Charset charset = codificacao == null || !Charset.isSupported(codificacao) ? StandardCharsets.UTF_8
                    : Charset.forName(codificacao);
            leitor = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(corpo), charset));
        }
        return leitor;
    }

    @Override
    public int getContentLength() {
        return corpo.length;
    }

    @Override
    public long getContentLengthLong() {
        return corpo.length;
    }

    private static final class Entrada extends ServletInputStream {

        private final ByteArrayInputStream bytes;

        Entrada(ByteArrayInputStream bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() {
            return bytes.read();
        }

        @Override
        public int read(byte[] buffer, int inicio, int tamanho) {
            return bytes.read(buffer, inicio, tamanho);
        }

        @Override
        public boolean isFinished() {
            return bytes.available() == 0;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
            try {
                listener.onDataAvailable();
                listener.onAllDataRead();
            } catch (IOException e) {
                listener.onError(e);
            }
        }
    }
}
