package br.com.lojaapi.navegador;

import br.com.lojaapi.apoio.Navegador;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The interactive API description, as an integrator opens it: served by the service with all its scripts and styles
 * (no CDN), it renders the operations in a real browser without a script error. Also the smoke test of the browser
 * harness the console and portal tests stand on.
 */
class DocumentacaoNoNavegadorTest extends TesteDeApi {

    @Test
    void aDescricaoInterativaAbreSemNadaDeFora() {
        try (Navegador navegador = Navegador.abrir()) {
            navegador.ir("http://127.0.0.1:" + porta + "/v1/docs");

            navegador.esperar(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-summary-path")));
            navegador.foto("documentacao");

            assertThat(navegador.texto()).contains("/pedidos", "/webhooks", "Store Integration API");
            assertThat(navegador.errosDoConsole()).isEmpty();
            Object externos = navegador.script("return performance.getEntriesByType('resource')"
                    + ".map(r => r.name).filter(n => !n.startsWith(location.origin))");
            assertThat((java.util.List<?>) externos).as("recursos de fora do serviço").isEmpty();
        }
    }
}
