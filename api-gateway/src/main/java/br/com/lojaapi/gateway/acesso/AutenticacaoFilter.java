package br.com.lojaapi.gateway.acesso;

import br.com.lojaapi.gateway.erro.RespostasDeErro;
import br.com.lojaapi.gateway.limite.LimiteDeRequisicoes;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Optional;

/**
 * Bearer authentication. {@code /v1} takes only store tokens and binds the request to the token's store;
 * {@code /admin} takes only the operator token. The API description under {@code /v1} is public. A store token is
 * looked up in the same statement that charges the request to its quotas ({@link LimiteDeRequisicoes#entrar}), whose
 * decision the quota filter then applies: a revoked token is refused by its next request on every node.
 */
public class AutenticacaoFilter extends OncePerRequestFilter {

    private static final String SEM_TOKEN = "Envie o cabeçalho Authorization: Bearer <token da loja>";
    private static final String TOKEN_INVALIDO = "Token inválido ou revogado";
    private static final String SEM_TOKEN_OPERADOR = "Envie o cabeçalho Authorization: Bearer <ADMIN_TOKEN>";
    private static final String TOKEN_OPERADOR_INVALIDO = "Token de operador inválido";

    private final LimiteDeRequisicoes limites;
    private final TokenDeOperador operador;
    private final RespostasDeErro erros;

    public AutenticacaoFilter(LimiteDeRequisicoes limites, TokenDeOperador operador, RespostasDeErro erros) {
        this.limites = limites;
        this.operador = operador;
        this.erros = erros;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        String caminho = requisicao.getRequestURI().substring(requisicao.getContextPath().length());
        if (publico(caminho)) {
            cadeia.doFilter(requisicao, resposta);
            return;
        }
        String cabecalho = requisicao.getHeader(HttpHeaders.AUTHORIZATION);
        String token = Tokens.doCabecalho(cabecalho);
        if (caminho.startsWith("/admin")) {
            if (operador.confere(token)) {
                cadeia.doFilter(requisicao, resposta);
            } else {
                recusar(resposta, cabecalho == null ? SEM_TOKEN_OPERADOR : TOKEN_OPERADOR_INVALIDO);
            }
            return;
        }
        if (token == null) {
            recusar(resposta, cabecalho == null ? SEM_TOKEN : TOKEN_INVALIDO);
            return;
        }
        Optional<LimiteDeRequisicoes.Entrada> entrada =
                limites.entrar(Tokens.hash(token), LimiteDeRequisicoes.escrita(requisicao.getMethod()));
        if (entrada.isEmpty()) {
            recusar(resposta, TOKEN_INVALIDO);
            return;
        }
        requisicao.setAttribute(LojaAtual.ATRIBUTO, new LojaAtual(entrada.get().lojaId(), entrada.get().tokenId()));
        requisicao.setAttribute(LimiteDeRequisicoes.Decisao.ATRIBUTO, entrada.get().decisao());
        cadeia.doFilter(requisicao, resposta);
    }

    static boolean publico(String caminho) {
        return caminho.equals("/v1/openapi.json") || caminho.startsWith("/v1/openapi.json/")
                || caminho.equals("/v1/docs") || caminho.startsWith("/v1/docs/")
                || caminho.startsWith("/v1/swagger-ui/");
    }

    private void recusar(HttpServletResponse resposta, String mensagem) throws IOException {
        resposta.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        erros.escrever(resposta, HttpStatus.UNAUTHORIZED, mensagem);
    }
}
