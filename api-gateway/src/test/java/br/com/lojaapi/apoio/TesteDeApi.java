package br.com.lojaapi.apoio;

import br.com.lojaapi.StoreApiApplication;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import br.com.lojaapi.query.comum.ContagemMantida;
import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests through the HTTP API of the whole application on a real PostgreSQL. Quotas (the stores', the operator's and
 * the budget of failed authentications per address: every test calls from 127.0.0.1) are raised so that only the
 * rate-limit tests meet them; every test works in stores of its own, so tests never see each other's data.
 */
@SpringBootTest(classes = StoreApiApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "loja.limite.por-minuto=1000000",
                "loja.limite.escritas-por-minuto=1000000",
                "loja.admin.limite-por-minuto=1000000",
                "loja.acesso.falhas-por-minuto=1000000",
                "loja.rede.permitir-interna=true",
                "loja.webhooks.atrasos=" + TesteDeApi.ATRASOS,
                "loja.webhooks.tempo-limite=" + TesteDeApi.TEMPO_LIMITE,
                "loja.admin.token=" + TesteDeApi.ADMIN})
public abstract class TesteDeApi extends AplicacaoNaPorta {

    public static final String ADMIN = "token-de-operador-dos-testes";
    /** Webhook retries in seconds rather than minutes: every node of the tests shares them. */
    public static final String ATRASOS = "1s,1s,1s,1s";
    public static final String TEMPO_LIMITE = "2s";
    /**
     * The master key of webhook secrets of every test node: nodes sharing a database must share it, whatever their
     * DATA_DIR (a database given by DATABASE_URL outlives the test run's temporary DATA_DIR).
     */
    public static final String CHAVE_DE_SEGREDOS = "dGVzdGVzLWNoYXZlLW1lc3RyYS0zMi1ieXRlcy0wMTI=";

    @Autowired
    private ObjectProvider<ContagemMantida> contagens;

    @DynamicPropertySource
    static void banco(DynamicPropertyRegistry registro) {
        propriedadesDoBanco(registro);
    }

    public static void propriedadesDoBanco(DynamicPropertyRegistry registro) {
        propriedadesDoBanco(registro, BancoDeTestes.url());
    }

    public static void propriedadesDoBanco(DynamicPropertyRegistry registro, UrlDoBanco url) {
        registro.add("loja.dados.diretorio", () -> BancoDeTestes.diretorioDeDados().toString());
        registro.add("loja.segredos.chave", () -> CHAVE_DE_SEGREDOS);
        registro.add("loja.banco.url", url::jdbcUrl);
        registro.add("loja.banco.usuario", () -> url.usuario() == null ? "" : url.usuario());
        registro.add("loja.banco.senha", () -> url.senha() == null ? "" : url.senha());
    }

    /** A new store with one token; slugs are unique per call. */
    protected LojaDeTeste novaLoja() {
        return novaLoja(api);
    }

    public static LojaDeTeste novaLoja(ClienteHttp cliente) {
        String slug = "loja-" + UUID.randomUUID().toString().substring(0, 13);
        Resposta loja = cliente.post("/admin/lojas").token(ADMIN)
                               .json("{\"nome\":\"Loja de teste\",\"slug\":\"" + slug + "\"}").enviar();
        assertThat(loja.status()).as(loja.toString()).isEqualTo(201);
        String id = loja.texto("id");
        return new LojaDeTeste(id, novoToken(cliente, id, "erp"));
    }

    public static String novoToken(ClienteHttp cliente, String lojaId, String nome) {
        Resposta token = cliente.post("/admin/lojas/" + lojaId + "/tokens").token(ADMIN)
                                .json("{\"nome\":\"" + nome + "\"}").enviar();
        assertThat(token.status()).as(token.toString()).isEqualTo(201);
        return token.texto("token");
    }

    protected String novoToken(String lojaId) {
        return novoToken(api, lojaId, "outro");
    }

    /** Creates a category and returns its id. */
    protected String novaCategoria(LojaDeTeste loja, String nome) {
        Resposta criada = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"" + nome + "\"}").enviar();
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        return criada.texto("id");
    }

    /** Creates an order at the counter of one unit of {@code produtoId} (no stock control) and returns its id. */
    protected String pedidoNoBalcao(LojaDeTeste loja, String produtoId) {
        Resposta criado = api.post("/v1/pedidos").token(loja.token()).json(
                "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Bia\"},\"itens\":[{\"produtoId\":\"" + produtoId
                + "\",\"quantidade\":1}]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    /** Folds the changes of every kept count now (decisions 092 and 093), as each node does every few seconds. */
    protected void dobrarContagens() {
        contagens.forEach(ContagemMantida::dobrar);
    }

    /** Rebuilds a read model through the operator's endpoint and waits until it is swapped in. */
    protected void reconstruirProjecao(String nome) throws InterruptedException {
        Resposta iniciado = api.post("/admin/projecoes/" + nome + "/replay").token(ADMIN).enviar();
        assertThat(iniciado.status()).as(iniciado.toString()).isEqualTo(202);
        Instant limite = Instant.now().plus(Duration.ofSeconds(120));
        while (Instant.now().isBefore(limite)) {
            Resposta lista = api.get("/admin/projecoes").token(ADMIN).enviar();
            for (JsonNode p : lista.json().get("projecoes")) {
                if (p.get("nome").asText().equals(nome) && p.hasNonNull("reconstrucao")) {
                    String estado = p.get("reconstrucao").get("estado").asText();
                    assertThat(estado).as(p.toString()).isNotEqualTo("falhou");
                    if (estado.equals("concluida")) {
                        return;
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("reconstrução de " + nome + " não terminou");
    }

    public record LojaDeTeste(String id, String token) {
    }
}
