package br.com.lojaapi.padrao;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.ServidorDeImagens;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every file the service answers with, private or public, carries the headers that keep it from running as a page
 * of the API's origin (nosniff and a sandbox CSP); private ones are never cached. The routes come from the
 * published description, so a new route that serves a file and is left out here fails the test.
 */
class ArquivosNaRespostaApiTest extends TesteDeApi {

    private static final AtomicLong NUMEROS_DE_NOTA = new AtomicLong(System.nanoTime() % 900_000_000L);
    private static final String ZPL = "^XA^CI28^FO50,50^A0N,30,30^FDCorreios^FS^XZ\n";

    private final TreeSet<String> conferidas = new TreeSet<>();

    @Test
    void todaRespostaDeArquivoVemEmSandboxSemFarejarENenhumaPrivadaFicaEmCache() throws Exception {
        String slug = "arquivos-" + UUID.randomUUID().toString().substring(0, 13);
        Resposta criada = api.post("/admin/lojas").token(ADMIN).json("""
                {"nome":"Loja dos arquivos","slug":"%s","cnpj":"11.222.333/0001-81","cep":"05435000",
                 "endereco":"Rua Harmonia","numero":"512","bairro":"Vila Madalena","cidade":"São Paulo",
                 "uf":"SP"}""".formatted(slug)).enviar();
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        LojaDeTeste loja = new LojaDeTeste(criada.texto("id"), novoToken(api, criada.texto("id"), "erp"));
        Resposta produto = api.post("/v1/produtos").token(loja.token()).json("""
                {"nome":"Cafeteira","preco":149.90,"imagens":["%s"]}"""
                .formatted(ServidorDeImagens.instancia().url("/foto.png"))).enviar();
        assertThat(produto.status()).as(produto.toString()).isEqualTo(201);
        Resposta pedido = api.post("/v1/pedidos").token(loja.token()).json("""
                {"tipoEntrega":"BALCAO","cliente":{"nome":"Ana Lúcia","documento":"390.533.447-05"},
                 "itens":[{"produtoId":"%s","quantidade":1}]}""".formatted(produto.texto("id"))).enviar();
        assertThat(pedido.status()).as(pedido.toString()).isEqualTo(201);
        String pedidoId = pedido.texto("id");

        String rotulo = "/v1/pedidos/" + pedidoId + "/etiqueta";
        privado("GET /v1/pedidos/{id}/etiqueta", get(loja, rotulo), "application/pdf");
        privado("GET /v1/pedidos/{id}/etiqueta", get(loja, rotulo + "?inline=0"), "application/pdf");
        privado("GET /v1/pedidos/{id}/etiqueta", get(loja, rotulo + "?formato=zpl"), "text/plain");
        String lote = "{\"pedidos\":[\"" + pedidoId + "\"]";
        privado("POST /v1/etiquetas/lote", postar(loja, "/v1/etiquetas/lote?inline=1", lote + "}"),
                "application/pdf");
        privado("POST /v1/etiquetas/lote", postar(loja, "/v1/etiquetas/lote", lote + ",\"formato\":\"zpl\"}"),
                "text/plain");

        String notas = "/v1/pedidos/" + pedidoId + "/notas-fiscais";
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao().comNumero(NUMEROS_DE_NOTA.incrementAndGet());
        Resposta nota = api.post(notas).token(loja.token()).json("{\"xmlBase64\":\"" + base64(nfe.xml())
                + "\",\"pdfBase64\":\"" + base64(XmlsFiscais.pdf()) + "\"}").enviar();
        assertThat(nota.status()).as(nota.toString()).isEqualTo(201);
        Resposta cancelada = api.post(notas).token(loja.token())
                                .corpo("application/xml", XmlsFiscais.cancelamento(nfe, 135)).enviar();
        assertThat(cancelada.status()).as(cancelada.toString()).isEqualTo(200);
        String daNota = notas + "/" + nota.texto("id") + "?arquivo=";
        String rotaDaNota = "GET /v1/pedidos/{pedidoId}/notas-fiscais/{notaId}";
        privado(rotaDaNota, get(loja, daNota + "xml"), "application/xml");
        privado(rotaDaNota, get(loja, daNota + "xml&inline=1"), "application/xml");
        privado(rotaDaNota, get(loja, daNota + "pdf&inline=1"), "application/pdf");
        privado(rotaDaNota, get(loja, daNota + "xml-cancelamento"), "application/xml");

        String etiquetas = "/v1/pedidos/" + pedidoId + "/etiquetas";
        Resposta etiquetaPdf = api.post(etiquetas + "?codigoRastreio=BR1").token(loja.token())
                                  .corpo("application/pdf", XmlsFiscais.pdf()).enviar();
        assertThat(etiquetaPdf.status()).as(etiquetaPdf.toString()).isEqualTo(201);
        Resposta etiquetaZpl = api.post(etiquetas + "?codigoRastreio=BR2").token(loja.token())
                                  .corpo("text/plain", ZPL.getBytes(StandardCharsets.UTF_8)).enviar();
        assertThat(etiquetaZpl.status()).as(etiquetaZpl.toString()).isEqualTo(201);
        String rotaDaEtiqueta = "GET /v1/pedidos/{pedidoId}/etiquetas/{etiquetaId}";
        privado(rotaDaEtiqueta, get(loja, etiquetas + "/" + etiquetaPdf.texto("id") + "?arquivo=1&inline=1"),
                "application/pdf");
        privado(rotaDaEtiqueta, get(loja, etiquetas + "/" + etiquetaZpl.texto("id") + "?arquivo=1"),
                "text/plain");

        // Product images are public and cached for ever (their names are content hashes), but sandboxed alike.
        String hospedada = produto.json().get("imagens").get(0).asText();
        HttpResponse<byte[]> imagem = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                "http://localhost:" + porta + hospedada.substring("http://localhost:8080".length()))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(imagem.statusCode()).isEqualTo(200);
        assertThat(imagem.headers().firstValue("Content-Type")).hasValue("image/png");
        semExecutar(hospedada, imagem);

        assertThat(conferidas).as("toda rota descrita que responde com um arquivo, conferida aqui")
                              .isEqualTo(rotasDeArquivoDescritas());
    }

    private void privado(String rota, HttpResponse<byte[]> resposta, String tipo) {
        assertThat(resposta.statusCode()).as(rota + ": " + new String(resposta.body(), StandardCharsets.UTF_8))
                                         .isEqualTo(200);
        assertThat(resposta.headers().firstValue("Content-Type").orElseThrow()).as(rota).startsWith(tipo);
        assertThat(resposta.headers().firstValue("Content-Disposition").orElseThrow()).as(rota)
                .containsPattern("^(inline|attachment); filename=");
        assertThat(resposta.headers().firstValue("Cache-Control").orElseThrow()).as(rota)
                .contains("no-store", "private");
        semExecutar(rota, resposta);
        conferidas.add(rota);
    }

    private static void semExecutar(String rota, HttpResponse<byte[]> resposta) {
        assertThat(resposta.headers().allValues("X-Content-Type-Options")).as(rota).containsExactly("nosniff");
        assertThat(resposta.headers().allValues("Content-Security-Policy")).as(rota)
                .containsExactly("sandbox; default-src 'none'");
    }

    /** Every operation of the description with a successful answer in something other than JSON. */
    private TreeSet<String> rotasDeArquivoDescritas() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        String servidor = URI.create(descricao.at("/servers/0/url").asText()).getPath();
        JsonNode caminhos = descricao.get("paths");
        TreeSet<String> rotas = new TreeSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> c = caminhos.fields(); c.hasNext(); ) {
            Map.Entry<String, JsonNode> caminho = c.next();
            for (Iterator<Map.Entry<String, JsonNode>> o = caminho.getValue().fields(); o.hasNext(); ) {
                Map.Entry<String, JsonNode> operacao = o.next();
                JsonNode respostas = operacao.getValue().path("responses");
                for (Iterator<Map.Entry<String, JsonNode>> r = respostas.fields(); r.hasNext(); ) {
                    Map.Entry<String, JsonNode> resposta = r.next();
                    if (!resposta.getKey().startsWith("2")) {
                        continue;
                    }
                    Iterator<String> tipos = resposta.getValue().path("content").fieldNames();
                    while (tipos.hasNext()) {
                        if (!tipos.next().contains("json")) {
                            rotas.add(operacao.getKey().toUpperCase() + " " + servidor + caminho.getKey());
                        }
                    }
                }
            }
        }
        return rotas;
    }

    private HttpResponse<byte[]> get(LojaDeTeste loja, String caminho) {
        return api.get(caminho).token(loja.token()).enviarBinario();
    }

    private HttpResponse<byte[]> postar(LojaDeTeste loja, String caminho, String json) {
        return api.post(caminho).token(loja.token()).json(json).enviarBinario();
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }
}
