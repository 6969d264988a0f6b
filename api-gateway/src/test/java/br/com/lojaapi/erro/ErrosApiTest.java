package br.com.lojaapi.erro;

import br.com.lojaapi.apoio.RequisicaoCrua;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Every error, wherever it is raised, is {erro} JSON that tells what to fix and leaks nothing internal. */
class ErrosApiTest extends TesteDeApi {

    private static final List<String> VAZAMENTOS = List.of("Exception", "java.", "org.", "at br.", "SQL", "select ",
            "Hibernate", "Axon", "Tomcat", "stack", "trace");

    @Test
    void rotaDesconhecidaDa404() {
        LojaDeTeste loja = novaLoja();

        Resposta resposta = api.get("/v1/nao-existe").token(loja.token()).enviar();

        assertErroLimpo(resposta, 404);
        assertThat(resposta.texto("erro")).isEqualTo("Endereço não encontrado: GET /v1/nao-existe");
        assertErroLimpo(api.get("/fora-da-api").enviar(), 404);
    }

    @Test
    void traceEMetodosForaDaApiDao405ComErroEErrorPedidoPeloNomeDa404() throws Exception {
        LojaDeTeste loja = novaLoja();
        for (String metodo : List.of("TRACE", "CONNECT", "FOO")) {
            for (String caminho : List.of("/v1/categorias", "/admin/lojas", "/")) {
                Resposta resposta = RequisicaoCrua.enviar(porta, metodo, caminho,
                        Map.of("Authorization", "Bearer " + loja.token()), null);
                // Tomcat itself answers CONNECT, which no servlet can implement, with 501
                assertErroLimpo(resposta, metodo.equals("CONNECT") ? 501 : 405);
                assertThat(resposta.corpo()).doesNotContain(loja.token());
                if (!metodo.equals("CONNECT")) {
                    assertThat(resposta.cabecalho("X-Content-Type-Options")).isEqualTo("nosniff");
                }
                if (resposta.status() == 405) {
                    assertThat(resposta.cabecalho("Allow")).as(metodo + " " + caminho).contains("GET")
                                                           .doesNotContain("TRACE");
                }
            }
        }

        assertErroLimpo(api.get("/error").enviar(), 404);
        assertErroLimpo(api.get("/error").token(loja.token()).enviar(), 404);
        assertErroLimpo(api.post("/error").token(ADMIN).json("{}").enviar(), 404);
    }

    @Test
    void metodoErradoDa405ComAllow() {
        LojaDeTeste loja = novaLoja();

        Resposta resposta = api.metodo("PATCH", "/v1/categorias").token(loja.token()).enviar();

        assertErroLimpo(resposta, 405);
        assertThat(resposta.cabecalho("Allow")).contains("GET").contains("POST");
    }

    @Test
    void jsonMalformadoDa400() {
        LojaDeTeste loja = novaLoja();

        for (String corpo : List.of("{\"nome\": ", "{nome: 'x'}", "", "{\"nome\":\"a\"} lixo", "{\"nome\":\"a\",\"nome\":\"b\"}")) {
            Resposta resposta = api.post("/v1/categorias").token(loja.token()).json(corpo).enviar();
            assertErroLimpo(resposta, 400);
        }
    }

    @Test
    void textoComCaractereNuloDa400ENadaEGravado() {
        LojaDeTeste loja = novaLoja();

        Resposta categoria = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"a\\u0000b\"}").enviar();
        Resposta lojaNova = api.post("/admin/lojas").token(ADMIN)
                               .json("{\"nome\":\"x\\u0000\",\"slug\":\"nulo-" + System.nanoTime() + "\"}").enviar();
        Resposta consulta = api.get("/v1/categorias?busca=a%00b").token(loja.token()).enviar();

        assertErroLimpo(categoria, 400);
        assertThat(categoria.texto("erro")).isEqualTo("Campo 'nome' inválido: texto com o caractere nulo (\\u0000)");
        assertErroLimpo(lojaNova, 400);
        assertErroLimpo(consulta, 400);
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).isEmpty();
    }

    @Test
    void numeroOuBooleanoEmCampoDeTextoENumeroGrandeDemaisDao400() {
        LojaDeTeste loja = novaLoja();

        Resposta numero = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"A\",\"descricao\":5}").enviar();
        Resposta booleano = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":true}").enviar();
        Resposta grande = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"A\",\"ordem\":99999999999}").enviar();

        assertErroLimpo(numero, 400);
        assertThat(numero.texto("erro")).isEqualTo("Campo 'descricao' inválido: esperado um texto");
        assertErroLimpo(booleano, 400);
        assertErroLimpo(grande, 400);
        assertThat(grande.texto("erro")).contains("'ordem'").contains("fora do intervalo");
    }

    @Test
    void corpoGrandeDemaisDa413() {
        LojaDeTeste loja = novaLoja();
        byte[] grande = ("{\"nome\":\"" + "a".repeat(1_100_000) + "\"}").getBytes(StandardCharsets.UTF_8);

        Resposta resposta = api.post("/v1/categorias").token(loja.token()).corpo("application/json", grande).enviar();

        assertErroLimpo(resposta, 413);
        assertThat(resposta.texto("erro")).contains("1048576 bytes");
        assertThat(resposta.cabecalho("X-RateLimit-Remaining")).isNotNull();
        assertErroLimpo(api.post("/v1/categorias").corpo("application/json", grande).enviar(), 401);
    }

    @Test
    void corpoGrandeSemContentLengthTambemDa413() throws Exception {
        LojaDeTeste loja = novaLoja();
        String resposta = enviarCru("POST /v1/categorias HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + loja.token() + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                + "Connection: close\r\n\r\n", fatias(1_200_000));

        assertThat(resposta).startsWith("HTTP/1.1 413");
        assertThat(resposta).contains("{\"erro\":\"Corpo da requisição acima do limite de 1048576 bytes\"}");
    }

    @Test
    void tipoDeConteudoNaoSuportadoDa415() {
        LojaDeTeste loja = novaLoja();

        Resposta texto = api.post("/v1/categorias").token(loja.token())
                            .corpo("text/plain", "nome=x".getBytes(StandardCharsets.UTF_8)).enviar();
        Resposta xml = api.put("/v1/categorias/5b6c1d0e-0000-4000-8000-000000000000").token(loja.token())
                          .corpo("application/xml", "<a/>".getBytes(StandardCharsets.UTF_8)).enviar();

        assertErroLimpo(texto, 415);
        assertThat(texto.texto("erro")).contains("application/json");
        assertErroLimpo(xml, 415);
    }

    @Test
    void urlQueOTomcatRecusaTambemRecebeJson() throws Exception {
        String resposta = enviarCru("GET /v1/categorias/%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", null);

        assertThat(resposta).startsWith("HTTP/1.1 400");
        assertThat(resposta).contains("application/json").contains("{\"erro\":");
        assertThat(resposta).doesNotContain("Apache Tomcat").doesNotContain("<html");
    }

    @Test
    void cabecalhoComCaractereDeControleDa400EmJsonOndeQuerQueSejaLido() throws Exception {
        LojaDeTeste loja = novaLoja();
        String controle = new String(new byte[]{'a', (byte) 0x85, 'b'}, StandardCharsets.ISO_8859_1);

        // read by a filter (Idempotency-Key), by a controller (If-None-Match), by authentication (Authorization)
        Map<String, Map<String, String>> casos = Map.of(
                "POST", Map.of("Authorization", "Bearer " + loja.token(), "Idempotency-Key", controle,
                        "Content-Type", "application/json"),
                "GET", Map.of("Authorization", "Bearer " + loja.token(), "If-None-Match", controle),
                "PUT", Map.of("Authorization", "Bearer " + controle, "Content-Type", "application/json"));
        for (Map.Entry<String, Map<String, String>> caso : casos.entrySet()) {
            String caminho = caso.getKey().equals("PUT") ? "/v1/categorias/" + UUID.randomUUID() : "/v1/categorias";
            Resposta resposta = RequisicaoCrua.enviar(porta, caso.getKey(), caminho, caso.getValue(),
                    caso.getKey().equals("GET") ? null : "{\"nome\":\"Controle\"}".getBytes(StandardCharsets.UTF_8));
            assertThat(resposta.status()).as(caso + " " + resposta).isIn(400, 401);
            assertErroLimpo(resposta, resposta.status());
        }
        assertThat(api.get("/v1/categorias").token(loja.token()).enviar().json()).isEmpty();
    }

    @Test
    void naoAutenticadoTambemEErroLimpo() {
        assertErroLimpo(api.get("/v1/categorias").enviar(), 401);
        assertErroLimpo(api.get("/admin/lojas").enviar(), 401);
    }

    @Test
    void acceptSemJsonDa406AindaEmJson() {
        LojaDeTeste loja = novaLoja();

        Resposta resposta = api.get("/v1/categorias").token(loja.token()).cabecalho("Accept", "application/xml").enviar();

        assertErroLimpo(resposta, 406);
        assertThat(resposta.texto("erro")).contains("application/json");
    }

    static void assertErroLimpo(Resposta resposta, int status) {
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(status);
        assertThat(resposta.cabecalho("Content-Type")).startsWith("application/json");
        assertThat(resposta.json().isObject()).isTrue();
        assertThat(resposta.json().get("erro").isTextual()).isTrue();
        assertThat(resposta.json().get("erro").asText()).isNotBlank();
        assertThat(resposta.json().size()).as("só o campo erro").isEqualTo(1);
        for (String vazamento : VAZAMENTOS) {
            assertThat(resposta.corpo()).doesNotContain(vazamento);
        }
    }

    private String enviarCru(String cabecalho, byte[] corpo) throws Exception {
        try (Socket socket = new Socket("localhost", porta)) {
            socket.setSoTimeout(10_000);
            OutputStream saida = socket.getOutputStream();
            saida.write(cabecalho.getBytes(StandardCharsets.ISO_8859_1));
            if (corpo != null) {
                try {
                    saida.write(corpo);
                } catch (java.io.IOException fechadoPeloServidor) {
                    // the server may answer and close before reading everything
                }
            }
            saida.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A chunked JSON body of about {@code tamanho} bytes. */
    private static byte[] fatias(int tamanho) {
        StringBuilder corpo = new StringBuilder();
        String inicio = "{\"nome\":\"";
        corpo.append(Integer.toHexString(inicio.length())).append("\r\n").append(inicio).append("\r\n");
        char[] bloco = new char[8192];
        Arrays.fill(bloco, 'a');
        String pedaco = new String(bloco);
        for (int enviado = 0; enviado < tamanho; enviado += bloco.length) {
            corpo.append(Integer.toHexString(bloco.length)).append("\r\n").append(pedaco).append("\r\n");
        }
        corpo.append("2\r\n\"}\r\n0\r\n\r\n");
        return corpo.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
