package br.com.lojaapi.gateway.acesso;

import br.com.lojaapi.gateway.banco.ReplicasDeLeitura;
import br.com.lojaapi.gateway.erro.RespostasDeErro;
import br.com.lojaapi.gateway.limite.CotaDoOperador;
import br.com.lojaapi.gateway.limite.LimiteDeRequisicoes;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Optional;

/**
 * Bearer authentication inside Spring Security's chain, deciding by {@link Areas} (the decoded path, as the route
 * that will run): the operator's area takes only the operator token, a store's area only store tokens, bound to
 * the token's store. A store token is looked up in the same statement that charges the request to its quotas
 * ({@link LimiteDeRequisicoes#entrar}), so a revoked token is refused by its next request on every node; an operator
 * request to {@code /admin} is charged to the operator's quota ({@link CotaDoOperador}). A store's delivery portal link
 * ({@link PortaisDeWebhooks}) is admitted as the token that made it while it has not expired, with an authority of its
 * own that the rules let onto the portal's webhook routes only (decision 077). Failed attempts are counted
 * per client address and, past their budget, refused before any of that work ({@link FalhasDeAutenticacao}).
 * What may run is then decided by the authorization rules ({@link ConfiguracaoDeSeguranca}), which deny by default.
 */
class AutenticacaoFilter extends OncePerRequestFilter {

    static final String AUTORIDADE_LOJA = "LOJA";
    static final String AUTORIDADE_OPERADOR = "OPERADOR";
    /** A store's delivery portal link: acts as the store token that made it, on {@link Areas#DO_PORTAL} only. */
    static final String AUTORIDADE_PORTAL = "PORTAL";

    private static final String SEM_TOKEN = "Envie o cabeçalho Authorization: Bearer <token da loja>";
    private static final String TOKEN_INVALIDO = "Token inválido ou revogado";
    private static final String SEM_TOKEN_OPERADOR = "Envie o cabeçalho Authorization: Bearer <ADMIN_TOKEN>";
    private static final String TOKEN_OPERADOR_INVALIDO = "Token de operador inválido";
    private static final String LINK_INVALIDO = "Link do portal expirado ou revogado: peça um novo (POST "
            + "/v1/webhooks/portal)";

    private final LimiteDeRequisicoes limites;
    private final CotaDoOperador cotaDoOperador;
    private final TokenDeOperador operador;
    private final FalhasDeAutenticacao falhas;
    private final PortaisDeWebhooks portais;
    private final RespostasDeErro erros;
    private final SecurityContextHolderStrategy contextos = SecurityContextHolder.getContextHolderStrategy();

    AutenticacaoFilter(LimiteDeRequisicoes limites, CotaDoOperador cotaDoOperador, TokenDeOperador operador,
                       FalhasDeAutenticacao falhas, PortaisDeWebhooks portais, RespostasDeErro erros) {
        this.limites = limites;
        this.cotaDoOperador = cotaDoOperador;
        this.operador = operador;
        this.falhas = falhas;
        this.portais = portais;
        this.erros = erros;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        if (Areas.PUBLICA.matches(requisicao)) {
            cadeia.doFilter(requisicao, resposta);
            return;
        }
        boolean doOperador = Areas.DO_OPERADOR.matches(requisicao);
        if (!doOperador && !Areas.DA_LOJA.matches(requisicao)) {
            // Outside every area: nothing to authenticate, and the rules deny it.
            cadeia.doFilter(requisicao, resposta);
            return;
        }
        String cabecalho = requisicao.getHeader(HttpHeaders.AUTHORIZATION);
        String token = Tokens.doCabecalho(cabecalho);
        if (token == null) {
            recusar(resposta, cabecalho != null ? (doOperador ? TOKEN_OPERADOR_INVALIDO : TOKEN_INVALIDO)
                    : (doOperador ? SEM_TOKEN_OPERADOR : SEM_TOKEN));
            return;
        }
        String endereco = requisicao.getRemoteAddr();
        byte[] hash = Tokens.hash(token);
        long espera = falhas.esperaPara(endereco, hash);
        if (espera > 0) {
            limitar(resposta, espera);
            return;
        }
        boolean doPortal = !doOperador && PortaisDeWebhooks.doPortal(token);
        boolean aceito = doOperador ? comoOperador(requisicao, hash)
                : doPortal ? comoPortal(requisicao, hash) : comoLoja(requisicao, hash, AUTORIDADE_LOJA);
        if (!aceito) {
            falhas.falhou(endereco, hash);
            recusar(resposta, doOperador ? TOKEN_OPERADOR_INVALIDO : doPortal ? LINK_INVALIDO : TOKEN_INVALIDO);
            return;
        }
        falhas.valido(hash);
        cadeia.doFilter(requisicao, resposta);
    }

    /** Whether the token is the operator's; if it is, an {@code /admin} request is charged to the operator's quota. */
    private boolean comoOperador(HttpServletRequest requisicao, byte[] hash) {
        if (!operador.confere(hash)) {
            return false;
        }
        autenticar("operador", AUTORIDADE_OPERADOR);
        if (Areas.PAINEL.matches(requisicao)) {
            requisicao.setAttribute(LimiteDeRequisicoes.Decisao.ATRIBUTO, cotaDoOperador.cobrar());
        }
        return true;
    }

    /**
     * Whether the secret is an unexpired portal link whose token is still live: then the request is the token's
     * (its store, its quota), with the portal's authority, which the rules let onto {@link Areas#DO_PORTAL} only.
     */
    private boolean comoPortal(HttpServletRequest requisicao, byte[] hash) {
        Optional<PortaisDeWebhooks.Link> link = portais.valido(hash);
        if (link.isEmpty() || !comoLoja(requisicao, link.get().hashDoToken(), AUTORIDADE_PORTAL)) {
            return false;
        }
        requisicao.setAttribute(PortaisDeWebhooks.Sessao.ATRIBUTO, new PortaisDeWebhooks.Sessao(link.get().expiraEm()));
        return true;
    }

    /** Whether the token is a store's live token, binding the request to its store and its quota decision. */
    private boolean comoLoja(HttpServletRequest requisicao, byte[] hash, String autoridade) {
        Optional<LimiteDeRequisicoes.Entrada> entrada =
                limites.entrar(hash, LimiteDeRequisicoes.escrita(requisicao.getMethod()));
        if (entrada.isEmpty()) {
            return false;
        }
        LojaAtual loja = new LojaAtual(entrada.get().lojaId(), entrada.get().tokenId());
        requisicao.setAttribute(LojaAtual.ATRIBUTO, loja);
        requisicao.setAttribute(LimiteDeRequisicoes.Decisao.ATRIBUTO, entrada.get().decisao());
        requisicao.setAttribute(ReplicasDeLeitura.POSICAO_DA_ESCRITA, entrada.get().lsnDaEscrita());
        autenticar(loja, autoridade);
        return true;
    }

    private void autenticar(Object quem, String autoridade) {
        SecurityContext contexto = contextos.createEmptyContext();
        contexto.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(quem, null,
                AuthorityUtils.createAuthorityList(autoridade)));
        contextos.setContext(contexto);
    }

    private void recusar(HttpServletResponse resposta, String mensagem) throws IOException {
        resposta.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        erros.escrever(resposta, HttpStatus.UNAUTHORIZED, mensagem);
    }

    private void limitar(HttpServletResponse resposta, long segundos) throws IOException {
        String espera = Long.toString(segundos);
        resposta.setHeader(HttpHeaders.RETRY_AFTER, espera);
        resposta.setHeader("X-RateLimit-Limit", Long.toString(falhas.porMinuto()));
        resposta.setHeader("X-RateLimit-Remaining", "0");
        resposta.setHeader("X-RateLimit-Reset", espera);
        erros.escrever(resposta, HttpStatus.TOO_MANY_REQUESTS, "Tentativas de autenticação com falha demais a partir "
                + "deste endereço; tente de novo em " + segundos + " s");
    }
}
