package br.com.lojaapi.gateway.erro;

import br.com.lojaapi.gateway.banco.DisponibilidadeDoBanco;
import br.com.lojaapi.gateway.banco.Indisponibilidade;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a request that failed for want of the database is told: 503 with Retry-After, since the same request will
 * work once PostgreSQL is back or the pool has a free connection. Only those failures ({@link Indisponibilidade}):
 * a constraint violation, a bad query or any other error stays what it was (a 4xx by its own mapping, or a 500
 * logged with its stack trace), so the outage handling hides neither a client's mistake nor a bug.
 * <p>
 * Logging: an outage is logged by {@link DisponibilidadeDoBanco}, once. A connection failure while the server
 * answers (a pooled connection broken by a restart, or code using a closed one) is logged here with its stack
 * trace. A
 * pool exhausted while the database is up is logged at most once every {@value #AVISO_DE_POOL_S} s, with a count.
 */
@Component
public class FalhasDoBanco {

    static final String BANCO_INDISPONIVEL = "Banco de dados indisponível no momento; tente de novo em instantes";
    static final String SOBRECARREGADO = "Serviço sobrecarregado no momento; tente de novo em instantes";
    private static final long AVISO_DE_POOL_S = 10;

    private static final Logger log = LoggerFactory.getLogger(FalhasDoBanco.class);

    private final DisponibilidadeDoBanco banco;
    private final AtomicLong proximoAviso = new AtomicLong(System.nanoTime());
    private final AtomicLong semConexao = new AtomicLong();

    FalhasDoBanco(DisponibilidadeDoBanco banco) {
        this.banco = banco;
    }

    /** The message of the 503, or empty when the failure is not the database being out of reach. */
    public Optional<String> mensagem(Throwable erro) {
        Optional<Indisponibilidade.Falha> falha = Indisponibilidade.classificar(erro);
        if (falha.isEmpty()) {
            return Optional.empty();
        }
        if (banco.explica(erro)) {
            return Optional.of(BANCO_INDISPONIVEL);
        }
        if (falha.get() == Indisponibilidade.Falha.BANCO_INACESSIVEL) {
            // a pooled connection broken by a restart nobody noticed, or code using a closed one: the client may
            // well succeed on retrying, but this is worth a look
            log.warn("Falha de conexão com o PostgreSQL, que responde", erro);
            return Optional.of(BANCO_INDISPONIVEL);
        }
        semConexao.incrementAndGet();
        long agora = System.nanoTime();
        long aviso = proximoAviso.get();
        if (agora - aviso >= 0 && proximoAviso.compareAndSet(aviso, agora + TimeUnit.SECONDS.toNanos(AVISO_DE_POOL_S))) {
            log.warn("{} requisições sem conexão livre no pool dentro da espera (DATABASE_CONNECTION_TIMEOUT); "
                    + "a última: {}", semConexao.getAndSet(0), resumo(erro));
        }
        return Optional.of(SOBRECARREGADO);
    }

    /** The innermost cause's class and message: what failed, without the wrappers' stack traces. */
    private static String resumo(Throwable erro) {
        Throwable causa = erro;
        for (int i = 0; i < 32 && causa.getCause() != null && causa.getCause() != causa; i++) {
            causa = causa.getCause();
        }
        return causa.toString();
    }
}
