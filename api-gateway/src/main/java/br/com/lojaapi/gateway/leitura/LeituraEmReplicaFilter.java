package br.com.lojaapi.gateway.leitura;

import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.banco.ConexoesRoteadas;
import br.com.lojaapi.gateway.banco.EscritasDosTokens;
import br.com.lojaapi.gateway.banco.Lsn;
import br.com.lojaapi.gateway.banco.ReplicasDeLeitura;
import br.com.lojaapi.gateway.limite.LimiteDeRequisicoes;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Store-API reads on hot standbys, with read-your-writes (decision 074); installed only when replicas are configured,
 * innermost in the pipeline, after authentication and quotas (which ran on the primary).
 * <p>
 * A GET authenticated with a store token is served from a replica that has replayed past the token's last write
 * (the position the admission statement returned), else from the primary: the query code runs unchanged on the
 * connection {@link ConexoesRoteadas} gives its thread. If the replica fails (no connection, or the request fails
 * with a 5xx or an exception), the replica is left out and the request is served again, once, from the primary: the
 * client sees only the primary's answer. For that the replica's answer is held back ({@link RespostaRetida}, up to
 * {@value #RETIDOS} bytes) until it is known to be good.
 * <p>
 * A POST, PUT, PATCH or DELETE of a store token that is answered 2xx is a write: before its answer leaves (it is
 * held until then), the primary's WAL position is recorded as the token's last write, one statement. HEAD and OPTIONS
 * stay on the primary.
 */
public class LeituraEmReplicaFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(LeituraEmReplicaFilter.class);
    static final String PRIMARIO = "primario";
    /**
     * How much of a replica's answer is held back, so that it can still be dropped and served again from the
     * primary if the replica fails: pages of lists fit; a larger body (a file) goes out as it is written.
     */
    private static final int RETIDOS = 1 << 20;

    private final ReplicasDeLeitura replicas;
    private final EscritasDosTokens escritas;
    private final Counter noPrimario;
    private final Map<String, Counter> porReplica = new HashMap<>();

    public LeituraEmReplicaFilter(ReplicasDeLeitura replicas, EscritasDosTokens escritas, MeterRegistry metricas) {
        this.replicas = replicas;
        this.escritas = escritas;
        // Without replicas the filter is not installed, and its metric does not exist.
        this.noPrimario = replicas.ativas() ? contador(metricas, PRIMARIO) : null;
        for (ReplicasDeLeitura.Replica replica : replicas.replicas()) {
            porReplica.put(replica.nome(), contador(metricas, replica.nome()));
        }
    }

    private static Counter contador(MeterRegistry metricas, String servidor) {
        return Counter.builder("loja.leituras").tag("servidor", servidor)
                      .description("Leituras (GET) da API das lojas, pelo servidor PostgreSQL que as atendeu")
                      .register(metricas);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        if (!(requisicao.getAttribute(LojaAtual.ATRIBUTO) instanceof LojaAtual loja)) {
            cadeia.doFilter(requisicao, resposta);
            return;
        }
        if ("GET".equals(requisicao.getMethod())) {
            ler(requisicao, resposta, cadeia);
        } else if (LimiteDeRequisicoes.escrita(requisicao.getMethod())) {
            escrever(loja, requisicao, resposta, cadeia);
        } else {
            cadeia.doFilter(requisicao, resposta); // HEAD, OPTIONS: on the primary, as before
        }
    }

    private void ler(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        long escrita = requisicao.getAttribute(ReplicasDeLeitura.POSICAO_DA_ESCRITA) instanceof Long lsn
                ? lsn : Lsn.NENHUMA;
        ReplicasDeLeitura.Replica replica = replicas.escolher(escrita);
        if (replica == null) {
            cadeia.doFilter(requisicao, resposta);
            noPrimario.increment();
            return;
        }
        RespostaRetida retida = new RespostaRetida(resposta, RETIDOS);
        Throwable falha = null;
        boolean falhou;
        try (ConexoesRoteadas.Leitura leitura = ConexoesRoteadas.em(replica)) {
            try {
                cadeia.doFilter(requisicao, retida);
            } catch (ServletException | IOException | RuntimeException e) {
                falha = e;
            }
            falhou = leitura.falhou() || falha != null || retida.getStatus() >= 500;
        }
        if (!falhou || retida.isCommitted()) {
            // Served by the replica; or it failed after part of the answer left, which cannot be taken back.
            porReplica.get(replica.nome()).increment();
            if (falhou) {
                replicas.afastar(replica, causa(falha, retida));
            }
            retida.concluir();
            relancar(falha);
            return;
        }
        replicas.afastar(replica, causa(falha, retida));
        log.debug("Leitura de {} refeita no primário após falha na réplica {}", requisicao.getRequestURI(),
                replica.nome());
        retida.descartar();
        cadeia.doFilter(requisicao, resposta);
        noPrimario.increment();
    }

    private void escrever(LojaAtual loja, HttpServletRequest requisicao, HttpServletResponse resposta,
                          FilterChain cadeia) throws ServletException, IOException {
        ContentCachingResponseWrapper retida = new ContentCachingResponseWrapper(resposta);
        try {
            cadeia.doFilter(requisicao, retida);
            int status = retida.getStatus();
            if (status >= 200 && status < 300) {
                try {
                    escritas.registrar(loja.tokenId());
                } catch (DataAccessException e) {
                    // The write is done and answered as such; only this token's next reads may meet a replica that
                    // has not replayed it yet.
                    log.warn("Posição da escrita do token {} não registrada ({}): suas próximas leituras podem ir a "
                            + "uma réplica que ainda não a tem", loja.tokenId(), e.getMostSpecificCause().toString());
                }
            }
        } finally {
            retida.copyBodyToResponse();
        }
    }

    private static Throwable causa(Throwable falha, HttpServletResponse resposta) {
        return falha != null ? falha : new IllegalStateException("HTTP " + resposta.getStatus());
    }

    private static void relancar(Throwable falha) throws ServletException, IOException {
        if (falha instanceof ServletException e) {
            throw e;
        }
        if (falha instanceof IOException e) {
            throw e;
        }
        if (falha instanceof RuntimeException e) {
            throw e;
        }
    }
}
