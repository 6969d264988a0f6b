package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.comum.PoliticaDeRede;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.HttpRequestRetryStrategy;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.client5.http.async.methods.AbstractBinResponseConsumer;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.nio.AsyncClientConnectionManager;
import org.apache.hc.client5.http.nio.AsyncConnectionEndpoint;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.RequestNotExecutedException;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.ConnectionInitiator;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP side of webhook attempts: Apache HttpClient 5's asynchronous client (decision 072). Calls are in flight
 * on its two I/O threads, never one thread or database connection each; connections are kept alive and reused per
 * host, and the address policy is applied to every address a name resolves to. Redirects are never followed, no
 * proxy, cookie or authentication state is kept. The whole call, from lease to the last byte read, is bounded by
 * {@code WEBHOOK_TIMEOUT}.
 * <p>
 * One retry, at once and within the same attempt, when a reused connection turns out closed before any byte of an
 * answer came back (the receiver closed it as it sat idle in the pool): the receiver never answered that request,
 * and the attempt is not counted twice. A fresh connection that fails is never retried.
 */
class ClienteHttpDeWebhooks implements AutoCloseable {

    /** Set on a call's context when its connection was opened for it (not taken from the pool). */
    private static final String CONEXAO_NOVA = "loja.webhook.conexao-nova";
    /** Set on a call's context once the receiver's answer began. */
    private static final String RESPONDEU = "loja.webhook.respondeu";
    /** Set on a call's context when the stale-connection retry was made. */
    static final String REPETIDA = "loja.webhook.repetida";

    /** How an answer ended: status (null if none came), whether the call completed, an excerpt of the body. */
    record Resposta(Integer status, boolean redirecionamento, String trecho, Exception falha, boolean esgotada,
                    boolean repetida) {
    }

    private final CloseableHttpAsyncClient cliente;
    private final PoolingAsyncClientConnectionManager conexoes;
    private final ScheduledExecutorService relogio;
    private final Duration tempoLimite;

    ClienteHttpDeWebhooks(PoliticaDeRede rede, Duration tempoLimite, int conexoesPorHost, int conexoesNoTotal,
                          ScheduledExecutorService relogio) {
        this.tempoLimite = tempoLimite;
        this.relogio = relogio;
        Timeout limite = Timeout.of(tempoLimite);
        DnsResolver resolvedor = new DnsResolver() {
            @Override
            public InetAddress[] resolve(String host) throws UnknownHostException {
                return rede.dns().lookup(host).toArray(InetAddress[]::new);
            }

            @Override
            public String resolveCanonicalHostname(String host) {
                return host;
            }
        };
        this.conexoes = PoolingAsyncClientConnectionManagerBuilder.create()
                .setDnsResolver(resolvedor)
                .setMaxConnTotal(conexoesNoTotal)
                .setMaxConnPerRoute(conexoesPorHost)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(limite)
                        .setSocketTimeout(limite)
                        .setTimeToLive(TimeValue.ofMinutes(5))
                        .build())
                .setDefaultTlsConfig(TlsConfig.custom().setVersionPolicy(HttpVersionPolicy.FORCE_HTTP_1).build())
                .build();
        this.cliente = HttpAsyncClients.custom()
                .setConnectionManager(new ConexoesMarcadas(conexoes))
                .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(2).setSoTimeout(limite).build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(limite)
                        .setResponseTimeout(limite)
                        .setRedirectsEnabled(false)
                        .build())
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableConnectionState()
                .setRetryStrategy(new UmaRepeticaoEmConexaoVelha())
                .evictIdleConnections(TimeValue.ofSeconds(50))
                .build();
        cliente.start();
    }

    /**
     * Posts {@code corpo} with {@code cabecalhos}; completes with the answer, never exceptionally. Within
     * {@code WEBHOOK_TIMEOUT} of the call, whatever has not ended is cancelled.
     */
    CompletableFuture<Resposta> postar(String url, Map<String, String> cabecalhos, byte[] corpo) {
        SimpleHttpRequest requisicao = SimpleHttpRequest.create("POST", url);
        cabecalhos.forEach(requisicao::setHeader);
        requisicao.setBody(corpo, ContentType.create("application/json"));
        HttpClientContext contexto = HttpClientContext.create();
        Trecho trecho = new Trecho(contexto);
        CompletableFuture<Resposta> resultado = new CompletableFuture<>();
        Future<Resposta> chamada = cliente.execute(SimpleRequestProducer.create(requisicao), trecho, null, contexto,
                new FutureCallback<>() {
                    @Override
                    public void completed(Resposta resposta) {
                        resultado.complete(resposta);
                    }

                    @Override
                    public void failed(Exception e) {
                        resultado.complete(trecho.falhou(e, false));
                    }

                    @Override
                    public void cancelled() {
                        resultado.complete(trecho.falhou(null, true));
                    }
                });
        var prazo = relogio.schedule(() -> chamada.cancel(true), tempoLimite.toMillis(), TimeUnit.MILLISECONDS);
        resultado.whenComplete((r, e) -> prazo.cancel(false));
        return resultado;
    }

    /**
     * Kept-alive connections idle in the pool now. A call's future completes as its answer is read, a moment before
     * its connection is back in the pool.
     */
    int conexoesOciosas() {
        return conexoes.getTotalStats().getAvailable();
    }

    @Override
    public void close() {
        cliente.close(CloseMode.GRACEFUL);
    }

    /**
     * Reads the answer's status and at most {@value EntregadorDeWebhooks#TRECHO_DA_RESPOSTA} bytes of its body (the
     * rest is read and dropped, so the connection can be reused).
     */
    private static final class Trecho extends AbstractBinResponseConsumer<Resposta> {

        private final HttpClientContext contexto;
        private final byte[] bytes = new byte[EntregadorDeWebhooks.TRECHO_DA_RESPOSTA];
        private volatile int lidos;
        private volatile Integer status;
        private volatile boolean redirecionamento;

        Trecho(HttpClientContext contexto) {
            this.contexto = contexto;
        }

        @Override
        protected void start(HttpResponse resposta, ContentType tipo) throws HttpException, IOException {
            contexto.setAttribute(RESPONDEU, Boolean.TRUE);
            status = resposta.getCode();
            redirecionamento = status >= 300 && status < 400 && resposta.containsHeader("Location");
        }

        @Override
        protected int capacityIncrement() {
            return 8192;
        }

        @Override
        protected void data(ByteBuffer dados, boolean fim) {
            synchronized (bytes) {
                int n = Math.min(dados.remaining(), bytes.length - lidos);
                dados.get(bytes, lidos, n);
                lidos += n;
                dados.position(dados.limit());
            }
        }

        @Override
        protected Resposta buildResult() {
            return new Resposta(status, redirecionamento, texto(), null, false, repetida());
        }

        @Override
        public void releaseResources() {
            // nothing held beyond the excerpt
        }

        Resposta falhou(Exception e, boolean esgotada) {
            return new Resposta(status, redirecionamento, texto(), e, esgotada, repetida());
        }

        private boolean repetida() {
            return Boolean.TRUE.equals(contexto.getAttribute(REPETIDA));
        }

        private String texto() {
            synchronized (bytes) {
                return EntregadorDeWebhooks.trecho(bytes, lidos);
            }
        }
    }

    /** Retries once, at once, a call whose reused connection closed before any answer; nothing else. */
    private static final class UmaRepeticaoEmConexaoVelha implements HttpRequestRetryStrategy {

        @Override
        public boolean retryRequest(HttpRequest requisicao, IOException e, int execucoes, HttpContext contexto) {
            boolean velha = contexto.getAttribute(CONEXAO_NOVA) == null;
            boolean semResposta = contexto.getAttribute(RESPONDEU) == null;
            boolean fechada = e instanceof RequestNotExecutedException || e instanceof ConnectionClosedException
                              || e instanceof SocketException && !(e instanceof java.net.ConnectException);
            boolean repetir = execucoes == 1 && velha && semResposta && fechada;
            if (repetir) {
                contexto.setAttribute(REPETIDA, Boolean.TRUE);
            }
            return repetir;
        }

        @Override
        public boolean retryRequest(HttpResponse resposta, int execucoes, HttpContext contexto) {
            return false;
        }

        @Override
        public TimeValue getRetryInterval(HttpResponse resposta, int execucoes, HttpContext contexto) {
            return TimeValue.ZERO_MILLISECONDS;
        }
    }

    /**
     * The pool, marking on a call's context when its connection is opened for it: a call whose context is not
     * marked went out on a reused connection.
     */
    private record ConexoesMarcadas(AsyncClientConnectionManager pool) implements AsyncClientConnectionManager {

        @Override
        public Future<AsyncConnectionEndpoint> lease(String id, HttpRoute rota, Object estado, Timeout limite,
                                                     FutureCallback<AsyncConnectionEndpoint> callback) {
            return pool.lease(id, rota, estado, limite, callback);
        }

        @Override
        public void release(AsyncConnectionEndpoint ponta, Object estado, TimeValue validade) {
            pool.release(ponta, estado, validade);
        }

        @Override
        public Future<AsyncConnectionEndpoint> connect(AsyncConnectionEndpoint ponta, ConnectionInitiator iniciador,
                                                       Timeout limite, Object anexo, HttpContext contexto,
                                                       FutureCallback<AsyncConnectionEndpoint> callback) {
            contexto.setAttribute(CONEXAO_NOVA, Boolean.TRUE);
            return pool.connect(ponta, iniciador, limite, anexo, contexto, callback);
        }

        @Override
        public void upgrade(AsyncConnectionEndpoint ponta, Object anexo, HttpContext contexto) {
            pool.upgrade(ponta, anexo, contexto);
        }

        @Override
        public void upgrade(AsyncConnectionEndpoint ponta, Object anexo, HttpContext contexto,
                            FutureCallback<AsyncConnectionEndpoint> callback) {
            pool.upgrade(ponta, anexo, contexto, callback);
        }

        @Override
        public void close(CloseMode modo) {
            pool.close(modo);
        }

        @Override
        public void close() throws IOException {
            pool.close();
        }
    }
}
