package br.com.lojaapi.limite;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteComConfiguracaoPadrao;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's quotas as they are: 180 requests per minute per token, at most 90 of them writes. */
class LimiteDeRequisicoesApiTest extends TesteComConfiguracaoPadrao {

    @Test
    void escrita91NoMinutoRecebe429ComOsCabecalhosEOutroTokenDaLojaSegue() {
        TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);
        String segundoToken = TesteDeApi.novoToken(api, loja.id(), "segundo");

        for (int i = 1; i <= 90; i++) {
            Resposta escrita = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"L" + i + "\"}").enviar();
            assertThat(escrita.status()).as("escrita %d: %s", i, escrita).isEqualTo(201);
            assertThat(escrita.cabecalho("X-RateLimit-Limit")).isEqualTo("180");
            assertThat(Long.parseLong(escrita.cabecalho("X-RateLimit-Remaining"))).isEqualTo(90 - i);
        }

        Resposta recusada = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"L91\"}").enviar();

        assertThat(recusada.status()).isEqualTo(429);
        assertThat(recusada.texto("erro")).contains("90 escritas");
        assertThat(recusada.cabecalho("X-RateLimit-Limit")).isEqualTo("180");
        assertThat(recusada.cabecalho("X-RateLimit-Remaining")).isEqualTo("0");
        long reinicio = Long.parseLong(recusada.cabecalho("X-RateLimit-Reset"));
        long tentarDeNovo = Long.parseLong(recusada.cabecalho("Retry-After"));
        assertThat(reinicio).isBetween(1L, 60L);
        assertThat(tentarDeNovo).isBetween(1L, 60L);
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().status())
                .as("leituras seguem dentro das 180").isEqualTo(200);
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).hasSize(90);

        Resposta outroToken = api.post("/v1/categorias").token(segundoToken).json("{\"nome\":\"Outro\"}").enviar();
        assertThat(outroToken.status()).isEqualTo(201);
        assertThat(outroToken.cabecalho("X-RateLimit-Remaining")).isEqualTo("89");
    }

    @Test
    void requisicao181NoMinutoRecebe429() {
        TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);

        for (int i = 1; i <= 180; i++) {
            Resposta leitura = api.get("/v1/categorias").token(loja.token()).enviar();
            assertThat(leitura.status()).as("leitura %d", i).isEqualTo(200);
            assertThat(leitura.cabecalho("X-RateLimit-Remaining")).isEqualTo(Integer.toString(180 - i));
        }
        Resposta recusada = api.get("/v1/categorias").token(loja.token()).enviar();

        assertThat(recusada.status()).isEqualTo(429);
        assertThat(recusada.texto("erro")).contains("180 requisições");
        assertThat(recusada.cabecalho("Retry-After")).matches("[1-9][0-9]*");
        assertThat(recusada.cabecalho("X-RateLimit-Reset")).matches("[1-9][0-9]*");
    }

    @Test
    void doisNosDividemAMesmaCota() {
        // A second node like the first: its database and its production settings.
        try (OutroNo segundo = OutroNo.iniciar(BancoDeTestes.url(BANCO), Map.of("loja.rede.permitir-interna", false,
                "loja.limite.por-minuto", 180, "loja.limite.escritas-por-minuto", 90))) {
            ClienteHttp noB = segundo.cliente();
            TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);

            for (int i = 1; i <= 90; i++) {
                ClienteHttp no = i % 2 == 0 ? api : noB;
                assertThat(no.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"N" + i + "\"}").enviar()
                             .status()).as("escrita %d", i).isEqualTo(201);
            }

            assertThat(api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"A\"}").enviar().status())
                    .isEqualTo(429);
            assertThat(noB.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"B\"}").enviar().status())
                    .isEqualTo(429);
        }
    }
}
