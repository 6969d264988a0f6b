package br.com.lojaapi.padrao;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.ServidorDeImagens;
import br.com.lojaapi.apoio.TesteComConfiguracaoPadrao;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** With ALLOW_PRIVATE_NETWORK_TARGETS unset (the default), image URLs on internal addresses are refused. */
class RedeInternaProibidaApiTest extends TesteComConfiguracaoPadrao {

    @Test
    void urlDeLoopbackPrivadaOuDeMetadadosDa400ENenhumProduto() {
        TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);
        String[] urls = {ServidorDeImagens.instancia().url("/foto.png"), "http://localhost:1/x.png",
                "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/a.png", "http://[::1]/a.png",
                "http://[::ffff:127.0.0.1]/a.png", "http://0.0.0.0/a.png"};
        for (String url : urls) {
            Resposta resposta = api.post("/v1/produtos").token(loja.token())
                                   .json("{\"nome\":\"X\",\"preco\":1,\"imagens\":[\"" + url + "\"]}").enviar();
            assertThat(resposta.status()).as(url).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(url).contains(url).contains("rede interna");
        }
        assertThat(api.get("/v1/produtos").token(loja.token()).enviar().json().get("produtos")).isEmpty();
    }

    @Test
    void webhookParaLoopbackPrivadaOuDeMetadadosDa400ENadaECriado() {
        TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);
        String[] urls = {"http://127.0.0.1:8080/hook", "http://localhost/hook", "http://169.254.169.254/latest",
                "http://10.1.2.3/x", "http://192.168.0.10/x", "http://[::1]/x", "http://[fd00::1]/x",
                "http://[::ffff:10.0.0.1]/x", "http://0.0.0.0/x", "https://100.64.0.1/x"};
        for (String url : urls) {
            Resposta resposta = api.post("/v1/webhooks").token(loja.token())
                                   .json("{\"nome\":\"X\",\"url\":\"" + url + "\",\"eventos\":[\"pedido.criado\"]}")
                                   .enviar();
            assertThat(resposta.status()).as(url).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(url).contains("rede interna");
        }
        assertThat(api.get("/v1/webhooks").token(loja.token()).enviar().json()).isEmpty();
    }
}
