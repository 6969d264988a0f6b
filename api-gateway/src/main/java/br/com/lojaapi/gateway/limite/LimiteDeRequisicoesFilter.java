package br.com.lojaapi.gateway.limite;

import br.com.lojaapi.gateway.erro.RespostasDeErro;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * Applies the quota decision that admission ({@link LimiteDeRequisicoes#entrar}, called by authentication) took for
 * every authenticated {@code /v1} request, and reports the quota on every response: {@code X-RateLimit-Limit} (requests per minute), {@code X-RateLimit-Remaining} (requests of this kind
 * left: for writes, the smaller of the two quotas), {@code X-RateLimit-Reset} (seconds until that quota refills),
 * plus {@code X-RateLimit-Write-Limit}/{@code -Remaining} on writes, and {@code Retry-After} on 429.
 */
public class LimiteDeRequisicoesFilter extends OncePerRequestFilter {

    private final RespostasDeErro erros;
    private final Counter recusas;
    private final Counter recusasDeEscrita;

    public LimiteDeRequisicoesFilter(RespostasDeErro erros, MeterRegistry metricas) {
        this.erros = erros;
        this.recusas = Counter.builder("loja.limite.recusas").tag("tipo", "total")
                              .description("Requisições recusadas com 429").register(metricas);
        this.recusasDeEscrita = Counter.builder("loja.limite.recusas").tag("tipo", "escrita")
                                       .description("Requisições recusadas com 429").register(metricas);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        if (!(requisicao.getAttribute(LimiteDeRequisicoes.Decisao.ATRIBUTO) instanceof LimiteDeRequisicoes.Decisao decisao)) {
            cadeia.doFilter(requisicao, resposta);
            return;
        }
        boolean escrita = LimiteDeRequisicoes.escrita(requisicao.getMethod());
        resposta.setHeader("X-RateLimit-Limit", Long.toString(decisao.limite()));
        resposta.setHeader("X-RateLimit-Remaining", Long.toString(decisao.restantes()));
        resposta.setHeader("X-RateLimit-Reset", Long.toString(decisao.segundosParaReiniciar()));
        if (escrita && decisao.restantesEscrita() >= 0) {
            resposta.setHeader("X-RateLimit-Write-Limit", Long.toString(decisao.limiteEscrita()));
            resposta.setHeader("X-RateLimit-Write-Remaining", Long.toString(decisao.restantesEscrita()));
        }
        if (decisao.permitido()) {
            cadeia.doFilter(requisicao, resposta);
            return;
        }
        resposta.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(decisao.segundosParaTentarDeNovo()));
        String mensagem;
        if (decisao.porEscrita()) {
            recusasDeEscrita.increment();
            mensagem = "Limite de " + decisao.limiteEscrita() + " escritas (POST, PUT, PATCH, DELETE) por minuto "
                    + "excedido para este token; tente de novo em " + decisao.segundosParaTentarDeNovo() + " s";
        } else {
            recusas.increment();
            mensagem = "Limite de " + decisao.limite() + " requisições por minuto excedido para este token; "
                    + "tente de novo em " + decisao.segundosParaTentarDeNovo() + " s";
        }
        erros.escrever(resposta, HttpStatus.TOO_MANY_REQUESTS, mensagem);
    }
}
