package br.com.lojaapi.padrao;

import br.com.lojaapi.apoio.ImagensRecusadas;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.ServidorDeImagens;
import br.com.lojaapi.apoio.TesteComConfiguracaoPadrao;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With ALLOW_PRIVATE_NETWORK_TARGETS and ALLOW_METADATA_TARGETS unset (the defaults), image URLs and webhook URLs
 * that a download or a delivery would refuse are refused when they are sent, each saying why.
 */
class RedeInternaProibidaApiTest extends TesteComConfiguracaoPadrao {

    private static final String INTERNA = "rede interna";
    private static final String METADADOS = "metadados de nuvem";
    private static final String NUMERICA = "a.b.c.d";

    @Test
    void urlDeImagemInternaDeMetadadosOuNumericaDa400ENenhumProduto() {
        TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);
        String[][] casos = {
                {ServidorDeImagens.instancia().url("/foto.png"), INTERNA},
                {"http://localhost:1/x.png", INTERNA},
                {"http://10.0.0.1/a.png", INTERNA},
                {"http://[::1]/a.png", INTERNA},
                {"http://[::ffff:127.0.0.1]/a.png", INTERNA},
                {"http://0.0.0.0/a.png", INTERNA},
                {"http://169.254.169.254/latest/meta-data", METADADOS},
                {"http://[fd00:ec2::254]/latest/meta-data", METADADOS},
                {"http://168.63.129.16/a.png", METADADOS},
                {"http://0x7f000001/a.png", NUMERICA},
                {"http://2130706433/a.png", NUMERICA},
                {"http://127.1/a.png", NUMERICA},
                {"http://0177.0.0.1/a.png", NUMERICA}};
        ImagensRecusadas.conferir(api, loja, casos);
    }

    @Test
    void webhookQueNenhumaEntregaAlcancariaDa400DizendoPorqueENadaECriado() {
        TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);
        String[][] casos = {
                {"http://127.0.0.1:8080/hook", INTERNA},
                {"http://localhost/hook", INTERNA},
                {"http://10.1.2.3/x", INTERNA},
                {"http://192.168.0.10/x", INTERNA},
                {"http://[::1]/x", INTERNA},
                {"http://[fd00::1]/x", INTERNA},
                {"http://[::ffff:10.0.0.1]/x", INTERNA},
                {"http://0.0.0.0/x", INTERNA},
                {"https://100.64.0.1/x", INTERNA},
                {"http://169.254.169.254/latest", METADADOS},
                {"http://[fd00:ec2::254]/latest", METADADOS},
                {"http://169.254.170.2/v2/credentials", METADADOS},
                {"http://100.100.100.200/latest", METADADOS},
                {"http://0x7f000001/x", NUMERICA},
                {"http://2130706433/x", NUMERICA},
                {"http://127.1/x", NUMERICA},
                {"http://0177.0.0.1/x", NUMERICA},
                {"https://erp.example.com/x", "não resolve"},
                // Where the resolver answers for "localhost." it is loopback; where it does not, it resolves nowhere.
                {"http://localhost./x", "localhost."}};
        for (String[] caso : casos) {
            Resposta resposta = api.post("/v1/webhooks").token(loja.token())
                                   .json("{\"nome\":\"X\",\"url\":\"" + caso[0] + "\",\"eventos\":[\"pedido.criado\"]}")
                                   .enviar();
            assertThat(resposta.status()).as(caso[0]).isEqualTo(400);
            if (caso[0].contains("localhost.")) {
                assertThat(resposta.texto("erro")).as(caso[0]).containsAnyOf(INTERNA, "não resolve");
            } else {
                assertThat(resposta.texto("erro")).as(caso[0]).contains(caso[1]);
            }
        }
        assertThat(api.get("/v1/webhooks").token(loja.token()).enviar().json()).isEmpty();
    }

    @Test
    void enderecoDeDocumentacaoTestNet3EAceitoSemDnsComoOQuickstartUsa() {
        TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);
        Resposta resposta = api.post("/v1/webhooks").token(loja.token())
                               .json("{\"nome\":\"ERP\",\"url\":\"https://203.0.113.10/webhooks/loja\","
                                     + "\"eventos\":[\"pedido.criado\"]}").enviar();
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(201);
    }
}
