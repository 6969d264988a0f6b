package br.com.lojaapi.gateway.banco;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps an outage to the two lines {@link DisponibilidadeDoBanco} writes. While PostgreSQL is down, every piece
 * that uses it fails on its own schedule and logs it with a stack trace: Axon's event store reader every second
 * and its processors at each retry, db-scheduler at each poll, Spring's scheduled tasks, Hikari for every pooled
 * connection it finds dead, Hibernate for every failed statement. An event (INFO and above: Axon logs some
 * failures at INFO with their stack trace) whose exception the outage explains (see
 * {@link DisponibilidadeDoBanco#explica}) is dropped and counted instead; anything else, including a connection
 * failure while the server answers, is logged as usual. A few carry the failure only as text and are recognised by
 * their logger: Hikari's "Failed to validate connection"; Hibernate's pair of lines for a failed statement ("SQL
 * Error: 0, SQLState: 08001", then the exception's message), which only repeat an exception the caller gets and
 * handles; and, while the database is down, the lines of Axon's processor coordinator, which announce each retry
 * of its back-off, and a processor's batch whose transaction could not start (Axon reports it with an exception of
 * its own that hides the database's: {@link #transacaoNaoIniciada}).
 * <p>
 * A Logback turbo filter, since these loggers belong to libraries; with another logging backend nothing is
 * filtered. It only ever denies or stays neutral, so with several applications in one JVM (tests), an event is
 * dropped when the outage of any of them explains it.
 */
final class SilencioDuranteAQueda extends TurboFilter {

    private static final String COORDENADOR_DO_AXON = "org.axonframework.eventhandling.pooled.Coordinator";
    private static final String VALIDACAO_DO_HIKARI = "Failed to validate connection";
    private static final String ERROS_DO_HIBERNATE = "org.hibernate.engine.jdbc.spi.SqlExceptionHelper";
    private static final Pattern SQLSTATE = Pattern.compile("SQLState: ([0-9A-Z]{5})");

    private final DisponibilidadeDoBanco banco;
    private final LoggerContext contexto;

    private SilencioDuranteAQueda(DisponibilidadeDoBanco banco, LoggerContext contexto) {
        this.banco = banco;
        this.contexto = contexto;
    }

    static SilencioDuranteAQueda instalar(DisponibilidadeDoBanco banco) {
        LoggerContext contexto = LoggerFactory.getILoggerFactory() instanceof LoggerContext logback ? logback : null;
        SilencioDuranteAQueda filtro = new SilencioDuranteAQueda(banco, contexto);
        filtro.setName("silencio-durante-a-queda-do-banco");
        filtro.garantirInstalado();
        return filtro;
    }

    /** Spring Boot resets Logback when another application in the JVM initialises logging: install it again. */
    void garantirInstalado() {
        if (contexto != null && !contexto.getTurboFilterList().contains(this)) {
            setContext(contexto);
            start();
            contexto.addTurboFilter(this);
        }
    }

    void remover() {
        if (contexto != null) {
            contexto.getTurboFilterList().remove(this);
        }
        stop();
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String formato, Object[] parametros,
                              Throwable erro) {
        if (level == null || !level.isGreaterOrEqual(Level.INFO)) {
            return FilterReply.NEUTRAL;
        }
        Throwable falha = erro != null ? erro : ultimoThrowable(parametros);
        if (daQueda(level, logger, formato, falha)) {
            banco.omitida();
            return FilterReply.DENY;
        }
        return FilterReply.NEUTRAL;
    }

    private boolean daQueda(Level level, Logger logger, String formato, Throwable falha) {
        if (falha != null) {
            return banco.explica(falha) || (transacaoNaoIniciada(logger, falha) && banco.confirmarQueda());
        }
        if (logger.getName().equals(COORDENADOR_DO_AXON)) {
            return !banco.disponivel();
        }
        if (formato == null || !level.isGreaterOrEqual(Level.WARN)) {
            return false;
        }
        if (logger.getName().startsWith("com.zaxxer.hikari") && formato.contains(VALIDACAO_DO_HIKARI)) {
            return banco.confirmarQueda();
        }
        if (logger.getName().equals(ERROS_DO_HIBERNATE)) {
            Matcher estado = SQLSTATE.matcher(formato);
            return estado.find() && Indisponibilidade.conexao(estado.group(1)) ? banco.confirmarQueda()
                                                                              : !banco.disponivel();
        }
        return false;
    }

    /**
     * Axon's unit of work, when the transaction it attaches cannot start (no connection to begin it with), rolls
     * itself back before it ever started, and that rollback's "incompatible phase: NOT_STARTED" replaces the
     * database's exception ({@code UnitOfWork.attachTransaction}). A processor's batch that begins just as the
     * database goes away is logged with that exception alone: the outage explains it when there is one.
     */
    private static boolean transacaoNaoIniciada(Logger logger, Throwable falha) {
        return logger.getName().startsWith("org.axonframework.") && falha instanceof IllegalStateException
               && String.valueOf(falha.getMessage()).endsWith("incompatible phase: NOT_STARTED");
    }

    private static Throwable ultimoThrowable(Object[] parametros) {
        if (parametros == null || parametros.length == 0) {
            return null;
        }
        return parametros[parametros.length - 1] instanceof Throwable t ? t : null;
    }
}
