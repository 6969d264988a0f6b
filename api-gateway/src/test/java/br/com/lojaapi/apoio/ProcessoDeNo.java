package br.com.lojaapi.apoio;

import br.com.lojaapi.StoreApiApplication;
import org.springframework.boot.SpringApplication;

import java.io.IOException;

/**
 * The entry point of a {@link NoEmOutroProcesso}: the application, plus an end to it once the test JVM that started
 * it is gone (its standard input, a pipe from that JVM, closes), so a test run that dies leaves no node behind.
 */
public final class ProcessoDeNo {

    private ProcessoDeNo() {
    }

    public static void main(String[] args) {
        Thread vigia = new Thread(() -> {
            try {
                while (System.in.read() != -1) {
                    // nothing is ever sent: only the end matters
                }
            } catch (IOException e) {
                // the pipe broke: the same end
            }
            Runtime.getRuntime().halt(3);
        }, "vigia-do-processo-de-teste");
        vigia.setDaemon(true);
        vigia.start();
        SpringApplication.run(StoreApiApplication.class, args);
    }
}
