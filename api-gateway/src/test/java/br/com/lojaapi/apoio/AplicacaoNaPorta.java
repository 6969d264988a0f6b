package br.com.lojaapi.apoio;

import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The application under test on its random port, and a client to it that checks every exchange against the
 * published description. Subclasses say how the application is set up ({@code @SpringBootTest} and its database).
 */
public abstract class AplicacaoNaPorta {

    @LocalServerPort
    protected int porta;

    protected ClienteHttp api;

    @BeforeEach
    void cliente() {
        api = new ClienteHttp(porta);
    }
}
