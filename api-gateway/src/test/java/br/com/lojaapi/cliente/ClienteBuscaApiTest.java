package br.com.lojaapi.cliente;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /clientes: search, order and pagination. */
class ClienteBuscaApiTest extends TesteDeApi {

    @Test
    void buscaCasaNomeDocumentoEmailECelular() {
        LojaDeTeste loja = lojaComTresClientes();

        assertThat(nomes(loja, "souza")).containsExactly("Maria Souza");
        assertThat(nomes(loja, "MARIA")).containsExactly("Maria Souza");
        assertThat(nomes(loja, "390.533.447")).containsExactly("Maria Souza");
        assertThat(nomes(loja, "39053344705")).containsExactly("Maria Souza");
        assertThat(nomes(loja, "11.222.333/0001")).containsExactly("ana lima");
        assertThat(nomes(loja, "12abc345")).containsExactly("Bruno");
        assertThat(nomes(loja, "LOJA.COM")).containsExactly("ana lima");
        assertThat(nomes(loja, "98888-7777")).containsExactly("ana lima");
        assertThat(nomes(loja, "81988887777")).containsExactly("ana lima");
        assertThat(nomes(loja, "(11) 99999")).containsExactly("Maria Souza");
        assertThat(nomes(loja, "zzz")).isEmpty();
        assertThat(nomes(loja, "%")).isEmpty();
        assertThat(nomes(loja, "   ")).containsExactly("ana lima", "Bruno", "Maria Souza");
    }

    @Test
    void listaPorNomeSemDiferenciarMaiusculasEPaginada() {
        LojaDeTeste loja = lojaComTresClientes();

        Resposta primeira = api.get("/v1/clientes?limite=2").token(loja.token()).enviar();
        Resposta segunda = api.get("/v1/clientes?limite=2&page=2").token(loja.token()).enviar();
        Resposta alem = api.get("/v1/clientes?limite=2&page=3").token(loja.token()).enviar();
        Resposta filtrada = api.get("/v1/clientes?busca=a&limite=1&page=2").token(loja.token()).enviar();

        assertThat(nomes(primeira.json())).containsExactly("ana lima", "Bruno");
        assertThat(primeira.json().get("paginacao").toString())
                .isEqualTo("{\"page\":1,\"limite\":2,\"total\":3,\"totalPaginas\":2}");
        assertThat(nomes(segunda.json())).containsExactly("Maria Souza");
        assertThat(nomes(alem.json())).isEmpty();
        assertThat(alem.json().get("paginacao").get("total").asLong()).isEqualTo(3);
        assertThat(filtrada.json().get("paginacao").get("total").asLong()).isEqualTo(2);
        assertThat(nomes(filtrada.json())).containsExactly("Maria Souza");
        assertThat(api.get("/v1/clientes").token(loja.token()).enviar().json().get("paginacao").get("limite").asInt())
                .isEqualTo(50);
    }

    @Test
    void paginacaoEBuscaForaDosLimitesDao400() {
        LojaDeTeste loja = novaLoja();

        assertErro(api.get("/v1/clientes?limite=0").token(loja.token()).enviar(), "limite deve estar entre 1 e 100");
        assertErro(api.get("/v1/clientes?limite=101").token(loja.token()).enviar(), "limite deve estar entre 1 e 100");
        assertErro(api.get("/v1/clientes?page=0").token(loja.token()).enviar(), "page deve ser 1 ou mais");
        assertErro(api.get("/v1/clientes?busca=" + "x".repeat(201)).token(loja.token()).enviar(),
                "busca: no máximo 200 caracteres");
        assertThat(api.get("/v1/clientes?limite=100&busca=" + "x".repeat(200)).token(loja.token()).enviar().status())
                .isEqualTo(200);
    }

    private LojaDeTeste lojaComTresClientes() {
        LojaDeTeste loja = novaLoja();
        for (String corpo : new String[]{
                "{\"nome\":\"Maria Souza\",\"documento\":\"390.533.447-05\",\"email\":\"maria@exemplo.com.br\","
                        + "\"celular\":\"(11) 99999-8888\"}",
                "{\"nome\":\"ana lima\",\"documento\":\"11222333000181\",\"email\":\"ana@loja.com\","
                        + "\"celular\":\"81 98888-7777\"}",
                "{\"nome\":\"Bruno\",\"documento\":\"12ABC34501DE35\"}"}) {
            Resposta criado = api.post("/v1/clientes").token(loja.token()).json(corpo).enviar();
            assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        }
        return loja;
    }

    private List<String> nomes(LojaDeTeste loja, String busca) {
        Resposta lista = api.get("/v1/clientes?busca=" + URLEncoder.encode(busca, StandardCharsets.UTF_8))
                            .token(loja.token()).enviar();
        assertThat(lista.status()).as(lista.toString()).isEqualTo(200);
        return nomes(lista.json());
    }

    private static List<String> nomes(JsonNode lista) {
        List<String> nomes = new ArrayList<>();
        lista.get("clientes").forEach(c -> nomes.add(c.get("nome").asText()));
        return nomes;
    }

    private static void assertErro(Resposta resposta, String trecho) {
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(400);
        assertThat(resposta.texto("erro")).contains(trecho);
    }
}
