package br.com.lojaapi.apoio;

import static org.assertj.core.api.Assertions.assertThat;

/** Products whose only image URL the service must refuse, each answered 400 naming the URL and why; none saved. */
public final class ImagensRecusadas {

    private ImagensRecusadas() {
    }

    /** Each {@code {url, a part of the refusal's words}}. */
    public static void conferir(ClienteHttp api, TesteDeApi.LojaDeTeste loja, String[][] casos) {
        for (String[] caso : casos) {
            Resposta resposta = api.post("/v1/produtos").token(loja.token())
                                   .json("{\"nome\":\"X\",\"preco\":1,\"imagens\":[\"" + caso[0] + "\"]}").enviar();
            assertThat(resposta.status()).as(caso[0]).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(caso[0]).contains(caso[0]).contains(caso[1]);
        }
        assertThat(api.get("/v1/produtos").token(loja.token()).enviar().json().get("produtos")).isEmpty();
    }
}
