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
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Limits on what a request may carry, checked before anything else reads it: a declared Content-Length over the
 * limit is refused with 413 before anything is read, a chunked body is cut off with 413 as soon as it passes the
 * limit, and a query string with an encoded NUL ({@code %00}, which PostgreSQL text cannot hold) is a 400.
 * <p>
 * File uploads (POST of an order's invoices or carrier labels) have a larger limit of their own, enough for the
 * largest files in Base64 JSON; each file's own limit is checked by its endpoint.
 */
public class LimitesDeEntradaFilter extends OncePerRequestFilter {

    private static final Pattern UPLOAD = Pattern.compile("/v1/pedidos/[^/]+/(notas-fiscais|etiquetas)/?");

    private final long limite;
    private final long limiteDeArquivos;
    private final RespostasDeErro erros;

    public LimitesDeEntradaFilter(long limite, long limiteDeArquivos, RespostasDeErro erros) {
        this.limite = limite;
        this.limiteDeArquivos = limiteDeArquivos;
        this.erros = erros;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        String consulta = requisicao.getQueryString();
        if (consulta != null && consulta.toLowerCase(Locale.ROOT).contains("%00")) {
            erros.escrever(resposta, HttpStatus.BAD_REQUEST, "Parâmetros não podem conter o caractere nulo (%00)");
            return;
        }
        long limite = "POST".equals(requisicao.getMethod())
                && UPLOAD.matcher(requisicao.getRequestURI()).matches() ? limiteDeArquivos : this.limite;
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
