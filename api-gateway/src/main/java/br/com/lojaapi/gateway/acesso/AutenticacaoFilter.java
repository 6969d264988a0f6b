package br.com.lojaapi.gateway.acesso;

import br.com.lojaapi.gateway.erro.RespostasDeErro;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.time.Clock;
import java.util.Optional;

/**
 * Bearer authentication. {@code /v1} takes only store tokens and binds the request to the token's store;
 * {@code /admin} takes only the operator token. The API description under {@code /v1} is public.
 */
public class AutenticacaoFilter extends OncePerRequestFilter {

    private static final String SEM_TOKEN = "Envie o cabeçalho Authorization: Bearer <token da loja>";
    private static final String TOKEN_INVALIDO = "Token inválido ou revogado";
    private static final String SEM_TOKEN_OPERADOR = "Envie o cabeçalho Authorization: Bearer <ADMIN_TOKEN>";
    private static final String TOKEN_OPERADOR_INVALIDO = "Token de operador inválido";

    private final TokensDeAcesso tokens;
    private final UsoDeTokens uso;
    private final TokenDeOperador operador;
    private final RespostasDeErro erros;
    private final Clock relogio;

    public AutenticacaoFilter(TokensDeAcesso tokens, UsoDeTokens uso, TokenDeOperador operador, RespostasDeErro erros,
                              Clock relogio) {
        this.tokens = tokens;
        this.uso = uso;
        this.operador = operador;
        this.erros = erros;
        this.relogio = relogio;
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
        Optional<TokensDeAcesso.Valido> valido = tokens.autenticar(token);
        if (valido.isEmpty()) {
            recusar(resposta, TOKEN_INVALIDO);
            return;
        }
        uso.registrar(valido.get().id(), relogio.instant());
        requisicao.setAttribute(LojaAtual.ATRIBUTO, new LojaAtual(valido.get().lojaId(), valido.get().id()));
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
