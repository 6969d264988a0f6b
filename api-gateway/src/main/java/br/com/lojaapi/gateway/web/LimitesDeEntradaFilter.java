package br.com.lojaapi.gateway.web;

import br.com.lojaapi.gateway.erro.CorpoGrandeDemaisException;
import br.com.lojaapi.gateway.erro.RespostasDeErro;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * Limits on what a request may carry, checked before anything else reads it: a declared Content-Length over the
 * limit is refused with 413 before anything is read, a chunked body is cut off with 413 as soon as it passes the
 * limit, and a query string with an encoded NUL ({@code %00}, which PostgreSQL text cannot hold) is a 400.
 */
public class LimitesDeEntradaFilter extends OncePerRequestFilter {

    private final long limite;
    private final RespostasDeErro erros;

    public LimitesDeEntradaFilter(long limite, RespostasDeErro erros) {
        this.limite = limite;
        this.erros = erros;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        String consulta = requisicao.getQueryString();
        if (consulta != null && consulta.toLowerCase(java.util.Locale.ROOT).contains("%00")) {
            erros.escrever(resposta, HttpStatus.BAD_REQUEST, "Parâmetros não podem conter o caractere nulo (%00)");
            return;
        }
        if (requisicao.getContentLengthLong() > limite) {
            resposta.setHeader("Connection", "close");
            erros.escrever(resposta, HttpStatus.PAYLOAD_TOO_LARGE,
                    "Corpo da requisição acima do limite de " + limite + " bytes");
            return;
        }
        cadeia.doFilter(new RequisicaoLimitada(requisicao, limite), resposta);
    }

    private static final class RequisicaoLimitada extends HttpServletRequestWrapper {

        private final long limite;
        private ServletInputStream entrada;

        RequisicaoLimitada(HttpServletRequest requisicao, long limite) {
            super(requisicao);
            this.limite = limite;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (entrada == null) {
                entrada = new EntradaLimitada(super.getInputStream(), limite);
            }
            return entrada;
        }
    }

    private static final class EntradaLimitada extends ServletInputStream {

        private final ServletInputStream delegado;
        private final long limite;
        private long lidos;

        EntradaLimitada(ServletInputStream delegado, long limite) {
            this.delegado = delegado;
            this.limite = limite;
        }

        @Override
        public int read() throws IOException {
            int b = delegado.read();
            if (b >= 0) {
                contar(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int inicio, int tamanho) throws IOException {
            int n = delegado.read(buffer, inicio, tamanho);
            if (n > 0) {
                contar(n);
            }
            return n;
        }

        private void contar(int n) throws CorpoGrandeDemaisException {
            lidos += n;
            if (lidos > limite) {
                throw new CorpoGrandeDemaisException(limite);
            }
        }

        @Override
        public boolean isFinished() {
            return delegado.isFinished();
        }

        @Override
        public boolean isReady() {
            return delegado.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            delegado.setReadListener(listener);
        }
    }
}
