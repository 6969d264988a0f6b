package br.com.lojaapi.produto;

import br.com.lojaapi.apoio.ImagensRecusadas;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.ServidorDeImagens;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** Images are downloaded from the client's URL and served by the service (internal addresses allowed here). */
class ImagemDeProdutoApiTest extends TesteDeApi {

    private final ServidorDeImagens servidor = ServidorDeImagens.instancia();

    @Test
    void pngExternoEHospedadoEServidoComOsMesmosBytes() throws Exception {
        LojaDeTeste loja = novaLoja();

        Resposta criado = api.post("/v1/produtos").token(loja.token())
                             .json("{\"nome\":\"Foto\",\"preco\":1,\"imagens\":[\"" + servidor.url("/foto.png") + "\"]}").enviar();

        assertThat(criado.status()).isEqualTo(201);
        String hospedada = criado.json().get("imagens").get(0).asText();
        assertThat(hospedada).startsWith("http://localhost:8080/imagens/" + loja.id() + "/").endsWith(".png");
        HttpResponse<byte[]> servida = baixar(hospedada);
        assertThat(servida.statusCode()).isEqualTo(200);
        assertThat(servida.headers().firstValue("Content-Type")).hasValue("image/png");
        assertThat(servida.headers().firstValue("Cache-Control").orElse("")).contains("immutable");
        assertThat(servida.body()).isEqualTo(ServidorDeImagens.PNG);
    }

    @Test
    void urlQueJaEstaNoArmazenamentoEMantidaComoEstaERedirecionamentoESeguido() {
        LojaDeTeste loja = novaLoja();
        String hospedada = hospedar(api, loja);

        Resposta outro = api.post("/v1/produtos").token(loja.token())
                            .json("{\"nome\":\"Outro\",\"preco\":1,\"imagens\":[\"" + hospedada + "\",\""
                                    + servidor.url("/redireciona") + "\"]}").enviar();

        assertThat(outro.status()).isEqualTo(201);
        assertThat(outro.json().get("imagens").get(0).asText()).isEqualTo(hospedada);
        assertThat(outro.json().get("imagens").get(1).asText()).isEqualTo(hospedada);
    }

    @Test
    void naoImagem404GrandeDemaisECicloDeRedirecionamentoDao400ENenhumProduto() {
        LojaDeTeste loja = novaLoja();
        String[][] casos = {
                {"/texto.png", "não é uma imagem"},
                {"/sumiu.png", "HTTP 404"},
                {"/enorme.png", "10 MB"},
                {"/ciclo", "redirecionamentos demais"}};
        for (String[] caso : casos) {
            String url = servidor.url(caso[0]);
            Resposta resposta = api.post("/v1/produtos").token(loja.token())
                                   .json("{\"nome\":\"X\",\"preco\":1,\"imagens\":[\"" + url + "\"]}").enviar();
            assertThat(resposta.status()).as(caso[0]).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(caso[0]).contains(url).contains(caso[1]);
        }
        Resposta inexistente = api.post("/v1/produtos").token(loja.token())
                                  .json("{\"nome\":\"X\",\"preco\":1,\"imagens\":[\"http://localhost:8080/imagens/"
                                          + loja.id() + "/" + "a".repeat(64) + ".png\"]}").enviar();
        assertThat(inexistente.status()).isEqualTo(400);
        assertThat(inexistente.texto("erro")).contains("não existe no armazenamento");
        assertThat(api.get("/v1/produtos").token(loja.token()).enviar().json().get("produtos")).isEmpty();
    }

    @Test
    void metadadosDeNuvemEFormasNumericasDao400MesmoComARedeInternaPermitida() {
        LojaDeTeste loja = novaLoja();
        String[][] casos = {
                {"http://169.254.169.254/latest/meta-data/", "metadados de nuvem"},
                {"http://[fd00:ec2::254]/latest/meta-data/", "metadados de nuvem"},
                {"http://100.100.100.200/latest/meta-data/", "metadados de nuvem"},
                {servidor.url("/para-metadados"), "metadados de nuvem"},
                {"http://0x7f000001/foto.png", "a.b.c.d"},
                {"http://2130706433/foto.png", "a.b.c.d"},
                {"http://127.1/foto.png", "a.b.c.d"}};
        ImagensRecusadas.conferir(api, loja, casos);
    }

    @Test
    void limiteDeImagensEChecadoAntesDeBaixarEURLRepetidaEBaixadaUmaVez() {
        LojaDeTeste loja = novaLoja();
        int antes = servidor.pedidosContados();
        StringBuilder urls = new StringBuilder();
        for (int i = 0; i < 21; i++) {
            urls.append(i == 0 ? "" : ",").append('"').append(servidor.url("/contada.png?n=" + i)).append('"');
        }

        Resposta demais = api.post("/v1/produtos").token(loja.token())
                             .json("{\"nome\":\"X\",\"preco\":1,\"imagens\":[" + urls + "]}").enviar();
        Resposta semCodigo = api.post("/v1/produtos").token(loja.token())
                                .json("{\"upsert\":true,\"nome\":\"X\",\"preco\":1,\"imagens\":[\""
                                        + servidor.url("/contada.png") + "\"]}").enviar();
        Resposta produtoInexistente = api.put("/v1/produtos/5b6c1d0e-0000-4000-8000-000000000000").token(loja.token())
                                         .json("{\"imagens\":[\"" + servidor.url("/contada.png") + "\"]}").enviar();

        assertThat(demais.status()).isEqualTo(400);
        assertThat(demais.texto("erro")).isEqualTo("imagens: no máximo 20 por produto");
        assertThat(semCodigo.status()).isEqualTo(400);
        assertThat(produtoInexistente.status()).isEqualTo(404);
        assertThat(servidor.pedidosContados()).isEqualTo(antes);

        String repetida = servidor.url("/contada.png?repetida");
        Resposta duas = api.post("/v1/produtos").token(loja.token())
                           .json("{\"nome\":\"X\",\"preco\":1,\"imagens\":[\"" + repetida + "\",\"" + repetida + "\"]}").enviar();
        assertThat(duas.status()).isEqualTo(201);
        assertThat(servidor.pedidosContados()).isEqualTo(antes + 1);
    }

    @Test
    void imagemInexistenteNoServidorDeImagensDa404() throws Exception {
        assertThat(baixar("http://localhost:8080/imagens/5b6c1d0e-0000-4000-8000-000000000000/" + "b".repeat(64) + ".png")
                .statusCode()).isEqualTo(404);
    }

    /** Creates a product with the test PNG and returns its re-hosted URL. */
    static String hospedar(ClienteHttp api, LojaDeTeste loja) {
        Resposta criado = api.post("/v1/produtos").token(loja.token())
                             .json("{\"nome\":\"Com foto\",\"preco\":1,\"imagens\":[\""
                                     + ServidorDeImagens.instancia().url("/foto.png") + "\"]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.json().get("imagens").get(0).asText();
    }

    /** The public URL is built on PUBLIC_BASE_URL (localhost:8080); the test server listens elsewhere. */
    private HttpResponse<byte[]> baixar(String url) throws Exception {
        String caminho = url.substring("http://localhost:8080".length());
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:" + porta + caminho))
                                                          .build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
