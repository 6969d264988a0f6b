package br.com.lojaapi.apoio;

import br.com.lojaapi.StoreApiApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The application with its production settings (the contract's quotas, no access to internal addresses), for
 * tests of exactly those settings. All subclasses share one application context, on a database of their own.
 */
@SpringBootTest(classes = StoreApiApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"loja.admin.token=" + TesteDeApi.ADMIN})
public abstract class TesteComConfiguracaoPadrao extends AplicacaoNaPorta {

    public static final String BANCO = "configuracao_padrao";

    @DynamicPropertySource
    static void banco(DynamicPropertyRegistry registro) {
        // A database of its own: these nodes refuse internal addresses, so they must not deliver (to loopback
        // receivers) the webhooks of tests running on the shared database.
        TesteDeApi.propriedadesDoBanco(registro, BancoDeTestes.url(BANCO));
    }
}
