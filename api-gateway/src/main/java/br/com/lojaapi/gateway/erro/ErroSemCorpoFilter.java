package br.com.lojaapi.gateway.erro;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

import java.io.IOException;

/**
 * Actuator's endpoints answer some errors with a status and no body (404 for a health group that does not exist):
 * those get the {@code {erro}} every other error of the service has.
 */
public class ErroSemCorpoFilter extends OncePerRequestFilter {

    private final RespostasDeErro erros;

    public ErroSemCorpoFilter(RespostasDeErro erros) {
        this.erros = erros;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        ContentCachingResponseWrapper copia = new ContentCachingResponseWrapper(resposta);
        cadeia.doFilter(requisicao, copia);
        HttpStatus status = HttpStatus.resolve(copia.getStatus());
        if (status != null && status.isError() && copia.getContentSize() == 0 && !resposta.isCommitted()) {
            erros.escrever(resposta, status, RespostasDeErro.mensagemPadrao(status.value()));
            return;
        }
        copia.copyBodyToResponse();
    }
}
