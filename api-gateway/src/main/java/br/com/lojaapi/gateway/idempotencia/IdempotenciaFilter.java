package br.com.lojaapi.gateway.idempotencia;

import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.erro.CorpoGrandeDemaisException;
import br.com.lojaapi.gateway.erro.RespostasDeErro;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code Idempotency-Key} on POST and PATCH of {@code /v1}. The first request with a key runs and its response
 * (status, headers, body) is stored for the store and key; a retry with the same key and the same request gets
 * that response again with {@code Idempotent-Replayed: true}, and the controller is not called, so nothing happens
 * twice. The same key on another request is 422, and on a request while the first still runs 409. The key is
 * claimed in PostgreSQL (see {@link ChavesDeIdempotencia}), so all of this holds across nodes.
 * <p>
 * Runs after authentication, quotas and input limits: a 401, 429 or 413 from them stores nothing. A response of
 * 500 or above, an exception, or an error sent by the container ({@code sendError}: nothing ran) releases the key,
 * so a retry runs again, unless a command of the request had already committed ({@link MarcadorDeIdempotencia}):
 * a retry after a crash then gets 409 naming the resource the request created or changed
 * ({@link RecursoDaRequisicao}).
 * Requests without the header, and other methods, pass through untouched.
 */
public class IdempotenciaFilter extends OncePerRequestFilter {

    public static final String CABECALHO = "Idempotency-Key";
    public static final String REPETIDA = "Idempotent-Replayed";
    /**
     * Request attribute a controller sets to the id of a webhook whose secret its response shows: the stored copy
     * of the response is then sealed under that webhook's data key, and destroyed with the webhook.
     */
    public static final String SELAR_COM_O_WEBHOOK = IdempotenciaFilter.class.getName() + ".selarComOWebhook";
    /**
     * Request attribute a controller sets when its response holds a credential that must be kept nowhere (a
     * delivery portal link's secret): the key is then released instead of keeping the response, and a retry with it
     * runs again (making a new link, which is all the request does).
     */
    public static final String NAO_GUARDAR = IdempotenciaFilter.class.getName() + ".naoGuardar";
    static final int TAMANHO_MAXIMO = 255;

    private static final Logger log = LoggerFactory.getLogger(IdempotenciaFilter.class);
    private static final Set<String> METODOS = Set.of("POST", "PATCH");
    /** Per-exchange headers: set by the filters in front (quotas) or by the container, never replayed. */
    private static final Set<String> NAO_GUARDADOS = Set.of("content-type", "content-length", "transfer-encoding",
            "connection", "keep-alive", "date");

    private final ChavesDeIdempotencia chaves;
    private final RespostasDeErro erros;
    /** Requests with a key, counted by what became of their claim, under the tags published since the start. */
    private final Map<Class<? extends ChavesDeIdempotencia.Situacao>, Counter> porSituacao;

    public IdempotenciaFilter(ChavesDeIdempotencia chaves, RespostasDeErro erros, MeterRegistry metricas) {
        this.chaves = chaves;
        this.erros = erros;
        this.porSituacao = Map.of(
                ChavesDeIdempotencia.Reivindicada.class, contador(metricas, "executada"),
                ChavesDeIdempotencia.Concluida.class, contador(metricas, "repetida"),
                ChavesDeIdempotencia.EmAndamento.class, contador(metricas, "em_andamento"),
                ChavesDeIdempotencia.AplicadaSemResposta.class, contador(metricas, "aplicada_sem_resposta"),
                ChavesDeIdempotencia.RespostaDestruida.class, contador(metricas, "resposta_destruida"),
                ChavesDeIdempotencia.OutraRequisicao.class, contador(metricas, "outra_requisicao"));
    }

    private static Counter contador(MeterRegistry metricas, String resultado) {
        return Counter.builder("loja.idempotencia").tag("resultado", resultado)
                      .description("Requisições com Idempotency-Key, pelo que foi feito delas").register(metricas);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia)
            throws ServletException, IOException {
        String chave = requisicao.getHeader(CABECALHO);
        if (chave == null || !METODOS.contains(requisicao.getMethod())
                || !(requisicao.getAttribute(LojaAtual.ATRIBUTO) instanceof LojaAtual loja)) {
            cadeia.doFilter(requisicao, resposta);
            return;
        }
        if (!valida(chave) || Collections.list(requisicao.getHeaders(CABECALHO)).size() > 1) {
            erros.escrever(resposta, HttpStatus.BAD_REQUEST, "Idempotency-Key deve ser um só valor de 1 a "
                    + TAMANHO_MAXIMO + " caracteres ASCII visíveis, sem espaços (um UUID, por exemplo)");
            return;
        }
        HttpServletRequest aExecutar = requisicao;
        byte[] impressao;
        if (ImpressaoDaRequisicao.multipart(requisicao)) {
            try {
                impressao = ImpressaoDaRequisicao.doMultipart(requisicao);
            } catch (IOException | ServletException | RuntimeException e) {
                // The container keeps the parse failure and the controller meets it again: the request fails as
                // it would without the header, and having changed nothing it needs no key.
                cadeia.doFilter(requisicao, resposta);
                return;
            }
        } else {
            byte[] corpo;
            try {
                corpo = requisicao.getInputStream().readAllBytes();
            } catch (CorpoGrandeDemaisException e) {
                resposta.setHeader(HttpHeaders.CONNECTION, "close");
                erros.escrever(resposta, HttpStatus.PAYLOAD_TOO_LARGE,
                        "Corpo da requisição acima do limite de " + e.limite() + " bytes");
                return;
            }
            aExecutar = new CorpoEmMemoria(requisicao, corpo);
            impressao = ImpressaoDaRequisicao.doCorpo(requisicao, corpo);
        }
        ChavesDeIdempotencia.Situacao situacao = chaves.reivindicar(loja.lojaId(), chave, impressao);
        porSituacao.get(situacao.getClass()).increment();
        if (situacao instanceof ChavesDeIdempotencia.Reivindicada reivindicada) {
            executar(aExecutar, resposta, cadeia, reivindicada);
        } else if (situacao instanceof ChavesDeIdempotencia.Concluida concluida) {
            repetir(resposta, concluida.resposta());
        } else if (situacao instanceof ChavesDeIdempotencia.AplicadaSemResposta aplicada) {
            respostaPerdida(resposta, aplicada.recurso());
        } else if (situacao instanceof ChavesDeIdempotencia.RespostaDestruida) {
            erros.escrever(resposta, HttpStatus.CONFLICT, "A requisição com esta Idempotency-Key foi aplicada, mas "
                    + "a resposta dela mostrava o secret de um webhook que já foi removido, e ele foi destruído com "
                    + "o webhook; consulte o recurso em vez de repetir");
        } else if (situacao instanceof ChavesDeIdempotencia.EmAndamento) {
            resposta.setHeader(HttpHeaders.RETRY_AFTER, "1");
            erros.escrever(resposta, HttpStatus.CONFLICT, "Uma requisição com esta Idempotency-Key ainda está em "
                    + "andamento; tente de novo em instantes para receber a resposta dela");
        } else {
            erros.escrever(resposta, HttpStatus.UNPROCESSABLE_ENTITY, "Esta Idempotency-Key já foi usada numa "
                    + "requisição diferente (outro método, endereço ou corpo); use uma chave nova para cada operação");
        }
    }

    /**
     * 409 for a request that was applied but whose response was lost: nothing runs again, and the resource it created
     * or changed is named (Location, and id and local in the body) so the client can read it and go on.
     */
    private void respostaPerdida(HttpServletResponse resposta, ChavesDeIdempotencia.RecursoGuardado recurso)
            throws IOException {
        String perdida = "A requisição com esta Idempotency-Key foi aplicada, mas a resposta dela se perdeu (o "
                + "serviço parou antes de guardá-la); ";
        if (recurso == null) {
            erros.escrever(resposta, HttpStatus.CONFLICT, perdida + "consulte os recursos que ela alterou em vez de "
                    + "repetir");
            return;
        }
        Map<String, Object> extras = new LinkedHashMap<>();
        extras.put("id", recurso.id());
        if (recurso.local() != null) {
            resposta.setHeader(HttpHeaders.LOCATION, recurso.local());
            extras.put("local", recurso.local());
        }
        erros.escrever(resposta, HttpStatus.CONFLICT, perdida + "consulte o recurso " + recurso.id()
                + (recurso.local() == null ? "" : " em " + recurso.local()) + " em vez de repetir", extras);
    }

    static boolean valida(String chave) {
        if (chave.isEmpty() || chave.length() > TAMANHO_MAXIMO) {
            return false;
        }
        return chave.chars().allMatch(c -> c > 0x20 && c < 0x7F);
    }

    private void executar(HttpServletRequest requisicao, HttpServletResponse resposta, FilterChain cadeia,
                          ChavesDeIdempotencia.Reivindicada reivindicada) throws ServletException, IOException {
        RespostaEmCopia copia = new RespostaEmCopia(resposta);
        MarcadorDeIdempotencia.associar(reivindicada);
        try {
            cadeia.doFilter(requisicao, copia);
        } catch (IOException | ServletException | RuntimeException | Error e) {
            liberar(reivindicada);
            throw e;
        } finally {
            MarcadorDeIdempotencia.dissociar();
        }
        if (copia.getStatus() < 500 && !copia.erroDoContainer && requisicao.getAttribute(NAO_GUARDAR) == null) {
            try {
                chaves.concluir(reivindicada, new ChavesDeIdempotencia.RespostaGuardada(copia.getStatus(),
                        cabecalhos(copia), copia.getContentAsByteArray()),
                        (String) requisicao.getAttribute(SELAR_COM_O_WEBHOOK));
            } catch (RuntimeException e) {
                // Releasing the key could let a retry do the work again. It stays in progress: a retry gets 409, and
                // once abandoned runs again only if nothing was committed. The client still gets this response.
                // the exception goes last, so an outage that explains it drops the line (SilencioDuranteAQueda)
                log.warn("Resposta da Idempotency-Key não foi guardada: {}", e.toString(), e);
            }
        } else {
            liberar(reivindicada);
        }
        copia.copyBodyToResponse();
    }

    private void liberar(ChavesDeIdempotencia.Reivindicada reivindicada) {
        try {
            chaves.liberar(reivindicada);
        } catch (RuntimeException e) {
            log.warn("Idempotency-Key não foi liberada; fica em andamento até ser dada como abandonada: {}",
                    e.toString(), e);
        }
    }

    private static List<ChavesDeIdempotencia.Cabecalho> cabecalhos(HttpServletResponse resposta) {
        List<ChavesDeIdempotencia.Cabecalho> cabecalhos = new ArrayList<>();
        if (resposta.getContentType() != null) {
            cabecalhos.add(new ChavesDeIdempotencia.Cabecalho(HttpHeaders.CONTENT_TYPE, resposta.getContentType()));
        }
        for (String nome : new ArrayList<>(resposta.getHeaderNames())) {
            String minusculo = nome.toLowerCase(Locale.ROOT);
            if (NAO_GUARDADOS.contains(minusculo) || minusculo.startsWith("x-ratelimit-")) {
                continue;
            }
            for (String valor : resposta.getHeaders(nome)) {
                cabecalhos.add(new ChavesDeIdempotencia.Cabecalho(nome, valor));
            }
        }
        return cabecalhos;
    }

    private static void repetir(HttpServletResponse resposta, ChavesDeIdempotencia.RespostaGuardada guardada)
            throws IOException {
        resposta.setStatus(guardada.status());
        for (ChavesDeIdempotencia.Cabecalho cabecalho : guardada.cabecalhos()) {
            if (HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(cabecalho.nome())) {
                resposta.setContentType(cabecalho.valor());
            } else {
                resposta.addHeader(cabecalho.nome(), cabecalho.valor());
            }
        }
        resposta.setHeader(REPETIDA, "true");
        byte[] corpo = guardada.corpo() == null ? new byte[0] : guardada.corpo();
        resposta.setContentLength(corpo.length);
        resposta.getOutputStream().write(corpo);
    }

    /** Keeps the body until it is stored; notes an error left to the container's error page (no body here). */
    private static final class RespostaEmCopia extends ContentCachingResponseWrapper {

        private boolean erroDoContainer;

        RespostaEmCopia(HttpServletResponse resposta) {
            super(resposta);
        }

        @Override
        public void sendError(int status) throws IOException {
            erroDoContainer = true;
            super.sendError(status);
        }

        @Override
        public void sendError(int status, String mensagem) throws IOException {
            erroDoContainer = true;
            super.sendError(status, mensagem);
        }
    }
}
