package br.com.lojaapi.gateway.leitura;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * A response whose first {@code limite} bytes are held back, flushes included (Spring's converters flush after
 * writing a body, which would commit it): until then it can still be {@link #descartar() discarded} and the request
 * served again. Past the limit the held bytes are sent and the rest goes straight through; the response is then
 * committed as usual. {@link #concluir()} sends what is held.
 */
final class RespostaRetida extends HttpServletResponseWrapper {

    private final int limite;
    private final ByteArrayOutputStream retido = new ByteArrayOutputStream();
    private ServletOutputStream saida;
    private PrintWriter escritor;
    private boolean passou;

    RespostaRetida(HttpServletResponse resposta, int limite) {
        super(resposta);
        this.limite = limite;
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (escritor != null) {
            throw new IllegalStateException("getWriter() já foi chamado");
        }
        if (saida == null) {
            saida = new Saida();
        }
        return saida;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (saida != null && escritor == null) {
            throw new IllegalStateException("getOutputStream() já foi chamado");
        }
        if (escritor == null) {
            saida = new Saida();
            escritor = new PrintWriter(new OutputStreamWriter(saida, Charset.forName(getCharacterEncoding())));
        }
        return escritor;
    }

    @Override
    public void flushBuffer() throws IOException {
        if (escritor != null) {
            escritor.flush();
        }
        if (passou) {
            super.flushBuffer();
        }
    }

    @Override
    public boolean isCommitted() {
        return passou || super.isCommitted();
    }

    @Override
    public void reset() {
        descartar();
    }

    @Override
    public void resetBuffer() {
        if (!passou) {
            retido.reset();
        }
        super.resetBuffer();
    }

    /** Drops everything written and set so far; only while nothing has been sent ({@link #isCommitted()} false). */
    void descartar() {
        retido.reset();
        saida = null;
        escritor = null;
        super.reset();
    }

    /** Sends what is held. */
    void concluir() throws IOException {
        if (escritor != null) {
            escritor.flush();
        }
        passar();
    }

    private void passar() throws IOException {
        if (!passou) {
            passou = true;
            if (retido.size() > 0) {
                getResponse().getOutputStream().write(retido.toByteArray());
            }
            retido.reset();
        }
    }

    private final class Saida extends ServletOutputStream {

        @Override
        public void write(int b) throws IOException {
            write(new byte[]{(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int inicio, int tamanho) throws IOException {
            if (!passou && retido.size() + tamanho <= limite) {
                retido.write(bytes, inicio, tamanho);
                return;
            }
            passar();
            getResponse().getOutputStream().write(bytes, inicio, tamanho);
        }

        @Override
        public void flush() throws IOException {
            if (passou) {
                getResponse().getOutputStream().flush();
            }
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setWriteListener(WriteListener ouvinte) {
            throw new UnsupportedOperationException("escrita assíncrona não é usada nas leituras");
        }
    }
}
