package br.com.lojaapi.categoria;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Another store's category answers exactly like one that does not exist, on every endpoint. */
class IsolamentoEntreLojasApiTest extends TesteDeApi {

    @Test
    void categoriaDeOutraLojaE404EmTodaOperacaoENadaMuda() {
        LojaDeTeste dona = novaLoja();
        LojaDeTeste intrusa = novaLoja();
        String id = novaCategoria(dona, "Privada");
        String inexistente = "5b6c1d0e-0000-4000-8000-000000000000";

        Resposta ler = api.get("/v1/categorias/" + id).token(intrusa.token()).enviar();
        Resposta alterar = api.put("/v1/categorias/" + id).token(intrusa.token()).json("{\"nome\":\"Roubada\"}").enviar();
        Resposta remover = api.delete("/v1/categorias/" + id).token(intrusa.token()).enviar();

        for (Resposta resposta : new Resposta[]{ler, alterar, remover}) {
            assertThat(resposta.status()).isEqualTo(404);
        }
        assertThat(ler.corpo()).isEqualTo(api.get("/v1/categorias/" + inexistente).token(intrusa.token()).enviar().corpo());
        assertThat(alterar.corpo()).isEqualTo(api.put("/v1/categorias/" + inexistente).token(intrusa.token())
                                                 .json("{\"nome\":\"Roubada\"}").enviar().corpo());
        assertThat(remover.corpo()).isEqualTo(api.delete("/v1/categorias/" + inexistente).token(intrusa.token())
                                                 .enviar().corpo());
        assertThat(api.get("/v1/categorias").token(intrusa.token()).enviar().json()).isEmpty();

        Resposta original = api.get("/v1/categorias/" + id).token(dona.token()).enviar();
        assertThat(original.status()).isEqualTo(200);
        assertThat(original.texto("nome")).isEqualTo("Privada");
        assertThat(original.json().get("versao").asLong()).isZero();
    }
}
