package br.com.lojaapi.gateway.erro;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Optional;

/**
 * The outermost filter: the filters in front of the controllers (authentication's token lookup, quotas,
 * idempotency keys) use the database too, and what they throw never reaches {@link TratadorDeErros}. A failure
 * for want of the database becomes the same 503 with Retry-After ({@link FalhasDoBanco}); any other failure goes
 * on to the container's error page, a 500, as before.
 */
public class FalhaDoBancoFilter extends OncePerRequestFilter {

    private final FalhasDoBanco falhas;
    private final RespostasDeErro erros;

    public FalhaDoBancoFilter(FalhasDoBanco falhas, RespostasDeErro erros) {
        this.falhas = falhas;
        this.erros = erros;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        try {
            cadeia.doFilter(requisicao, resposta);
        } catch (ServletException | IOException | RuntimeException e) {
            Optional<String> mensagem = falhas.mensagem(e);
            if (mensagem.isEmpty() || resposta.isCommitted()) {
                throw e;
            }
            resposta.reset();
            erros.escreverIndisponivel(resposta, mensagem.get());
        }
    }
}
