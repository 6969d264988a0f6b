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
}
