package br.com.lojaapi.apoio;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * What one logger writes during each test, kept in memory ({@code @RegisterExtension}): attached before the test,
 * detached after it.
 */
public final class LogCapturado implements BeforeEachCallback, AfterEachCallback {

    private final Logger logger;
    private final ListAppender<ILoggingEvent> registrados = new ListAppender<>();

    private LogCapturado(String nome) {
        this.logger = (Logger) LoggerFactory.getLogger(nome);
    }

    public static LogCapturado de(String nomeDoLogger) {
        return new LogCapturado(nomeDoLogger);
    }

    public static LogCapturado de(Class<?> classe) {
        return new LogCapturado(classe.getName());
    }

    public Logger logger() {
        return logger;
    }

    /** The events logged so far in this test; the list is the appender's own (synchronise on {@link #trava()}). */
    public List<ILoggingEvent> eventos() {
        return registrados.list;
    }

    public Object trava() {
        return registrados;
    }

    @Override
    public void beforeEach(ExtensionContext contexto) {
        registrados.start();
        logger.addAppender(registrados);
    }

    @Override
    public void afterEach(ExtensionContext contexto) {
        logger.detachAppender(registrados);
        registrados.stop();
    }
}
