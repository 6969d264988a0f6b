package br.com.lojaapi.envio;

import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Carrier labels through the HTTP API: the three upload forms, replacement by code, limits and isolation. */
class EtiquetaDeEnvioApiTest extends TesteDeApi {

    private static final String ZPL = "^XA^CI28^FO50,50^A0N,30,30^FDCorreios - São Paulo^FS"
            + "^FO50,100^BCN,100,Y,N,N^FDBR123456789BR^FS^XZ\n";

    private String pedido(LojaDeTeste loja) {
        Resposta produto = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Caneca\",\"preco\":30}")
                              .enviar();
        Resposta pedido = api.post("/v1/pedidos").token(loja.token()).json("{\"tipoEntrega\":\"BALCAO\","
                + "\"cliente\":{\"nome\":\"Bia\"},\"itens\":[{\"produtoId\":\"" + produto.texto("id")
                + "\",\"quantidade\":1}]}").enviar();
        assertThat(pedido.status()).as(pedido.toString()).isEqualTo(201);
        return pedido.texto("id");
    }

    private static String caminho(String pedidoId) {
        return "/v1/pedidos/" + pedidoId + "/etiquetas";
    }

    private Resposta json(LojaDeTeste loja, String pedidoId, String json) {
        return api.post(caminho(pedidoId)).token(loja.token()).json(json).enviar();
    }

    private Resposta multipart(LojaDeTeste loja, String pedidoId, byte[] arquivo, String... campos) {
        String fronteira = "----et" + UUID.randomUUID().toString().replace("-", "");
        ByteArrayOutputStream corpo = new ByteArrayOutputStream();
        corpo.writeBytes(("--" + fronteira + "\r\nContent-Disposition: form-data; name=\"arquivo\"; "
                + "filename=\"etiqueta.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        corpo.writeBytes(arquivo);
        corpo.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < campos.length; i += 2) {
            corpo.writeBytes(("--" + fronteira + "\r\nContent-Disposition: form-data; name=\"" + campos[i]
                    + "\"\r\n\r\n" + campos[i + 1] + "\r\n").getBytes(StandardCharsets.UTF_8));
        }
        corpo.writeBytes(("--" + fronteira + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return api.post(caminho(pedidoId)).token(loja.token())
                  .corpo("multipart/form-data; boundary=" + fronteira, corpo.toByteArray()).enviar();
    }

    private JsonNode etiquetas(LojaDeTeste loja, String pedidoId) {
        Resposta lista = api.get(caminho(pedidoId)).token(loja.token()).enviar();
        assertThat(lista.status()).as(lista.toString()).isEqualTo(200);
        return lista.json().get("etiquetas");
    }

    private JsonNode pedidoJson(LojaDeTeste loja, String pedidoId) {
        return api.get("/v1/pedidos/" + pedidoId).token(loja.token()).enviar().json();
    }

    @Test
    void tresFormasDeEnvioComTipoPeloConteudoEDownloadDosMesmosBytes() {
        LojaDeTeste loja = novaLoja();
        String pedidoId = pedido(loja);
        byte[] pdf = XmlsFiscais.pdf();

        Resposta porMultipart = multipart(loja, pedidoId, pdf, "transportadora", "Correios", "servico", "SEDEX",
                "codigoRastreio", "BR111111111BR", "urlRastreio", "https://rastreio.example/BR111111111BR",
                "volume", "1");
        assertThat(porMultipart.status()).as(porMultipart.toString()).isEqualTo(201);
        JsonNode e = porMultipart.json();
        assertThat(e.get("acao").asText()).isEqualTo("criada");
        assertThat(e.get("formato").asText()).isEqualTo("PDF");
        assertThat(e.get("tamanhoBytes").asLong()).isEqualTo(pdf.length);
        assertThat(e.get("transportadora").asText()).isEqualTo("Correios");
        assertThat(e.get("servico").asText()).isEqualTo("SEDEX");
        assertThat(e.get("codigoRastreio").asText()).isEqualTo("BR111111111BR");
        assertThat(e.get("volume").asInt()).isEqualTo(1);
        assertThat(e.get("origem").asText()).isEqualTo("API");
        assertThat(e.get("avisos")).isEmpty();

        Resposta porJson = json(loja, pedidoId, "{\"zpl\":" + TextNode.valueOf(ZPL) + ",\"transportadora\":\"Jadlog\",\"codigoRastreio\":\"JD222\",\"volume\":2}");
        assertThat(porJson.status()).as(porJson.toString()).isEqualTo(201);
        assertThat(porJson.texto("formato")).isEqualTo("ZPL");

        Resposta porCorpo = api.post(caminho(pedidoId) + "?transportadora=Loggi&codigoRastreio=LG333&volume=3")
                               .token(loja.token()).corpo("application/pdf", pdf).enviar();
        assertThat(porCorpo.status()).as(porCorpo.toString()).isEqualTo(201);
        Resposta zplCru = api.post(caminho(pedidoId)).token(loja.token())
                             .corpo("text/plain", ZPL.getBytes(StandardCharsets.UTF_8)).enviar();
        assertThat(zplCru.status()).as(zplCru.toString()).isEqualTo(201);
        assertThat(zplCru.json().get("avisos").get(0).asText()).contains("sem código de rastreio");
        Resposta zplBase64 = json(loja, pedidoId, "{\"zplBase64\":\""
                + Base64.getEncoder().encodeToString(ZPL.getBytes(StandardCharsets.UTF_8)) + "\"}");
        assertThat(zplBase64.status()).isEqualTo(201);
        assertThat(etiquetas(loja, pedidoId)).hasSize(5);

        HttpResponse<byte[]> arquivo = api.get(caminho(pedidoId) + "/" + e.get("id").asText() + "?arquivo=1")
                                          .token(loja.token()).enviarBinario();
        assertThat(arquivo.statusCode()).isEqualTo(200);
        assertThat(arquivo.body()).isEqualTo(pdf);
        assertThat(arquivo.headers().firstValue("Content-Type")).hasValue("application/pdf");
        assertThat(arquivo.headers().firstValue("Content-Disposition").orElseThrow()).startsWith("attachment");
        HttpResponse<byte[]> aberto = api.get(caminho(pedidoId) + "/" + e.get("id").asText() + "?arquivo=1&inline=1")
                                         .token(loja.token()).enviarBinario();
        assertThat(aberto.headers().firstValue("Content-Disposition").orElseThrow()).startsWith("inline");
        HttpResponse<byte[]> zpl = api.get(caminho(pedidoId) + "/" + porJson.texto("id") + "?arquivo=1&inline=1")
                                      .token(loja.token()).enviarBinario();
        assertThat(new String(zpl.body(), StandardCharsets.UTF_8)).isEqualTo(ZPL);
        assertThat(zpl.headers().firstValue("Content-Disposition").orElseThrow())
                .isEqualTo("attachment; filename=\"etiqueta-JD222.zpl\"");
    }

    @Test
    void mesmoCodigoSubstituiEOPrimeiroCodigoViraODoPedidoSemSobrescrever() {
        LojaDeTeste loja = novaLoja();
        String pedidoId = pedido(loja);
        assertThat(pedidoJson(loja, pedidoId).get("codigoRastreio").isNull()).isTrue();
        String status = pedidoJson(loja, pedidoId).get("status").asText();
        Resposta primeira = json(loja, pedidoId, "{\"pdfBase64\":\"" + Base64.getEncoder().encodeToString(
                XmlsFiscais.pdf()) + "\",\"codigoRastreio\":\"BR1BR\",\"urlRastreio\":\"https://r.example/BR1BR\"}");
        assertThat(primeira.status()).isEqualTo(201);
        JsonNode pedido = pedidoJson(loja, pedidoId);
        assertThat(pedido.get("codigoRastreio").asText()).isEqualTo("BR1BR");
        assertThat(pedido.get("urlRastreio").asText()).isEqualTo("https://r.example/BR1BR");
        assertThat(pedido.get("status").asText()).isEqualTo(status);

        Resposta substituida = json(loja, pedidoId, "{\"zpl\":\"^XA^FDnova^FS^XZ\",\"codigoRastreio\":\"BR1BR\","
                + "\"servico\":\"PAC\"}");
        assertThat(substituida.status()).as(substituida.toString()).isEqualTo(200);
        assertThat(substituida.texto("acao")).isEqualTo("atualizada");
        assertThat(substituida.texto("id")).isEqualTo(primeira.texto("id"));
        assertThat(substituida.texto("formato")).isEqualTo("ZPL");
        assertThat(substituida.texto("servico")).isEqualTo("PAC");
        assertThat(etiquetas(loja, pedidoId)).hasSize(1);

        Resposta outra = json(loja, pedidoId, "{\"zpl\":\"^XA^FDoutra^FS^XZ\",\"codigoRastreio\":\"BR2BR\"}");
        assertThat(outra.status()).isEqualTo(201);
        assertThat(pedidoJson(loja, pedidoId).get("codigoRastreio").asText()).isEqualTo("BR1BR");
        JsonNode resumo = pedidoJson(loja, pedidoId).get("etiquetasEnvio");
        assertThat(resumo).hasSize(2);
        assertThat(resumo.get(0).get("codigoRastreio").asText()).isEqualTo("BR1BR");
        assertThat(resumo.get(0).get("formato").asText()).isEqualTo("ZPL");
        assertThat(resumo.get(0).has("arquivo")).isFalse();

        // Without a code every send creates, and warns.
        for (int i = 0; i < 2; i++) {
            Resposta semCodigo = json(loja, pedidoId, "{\"zpl\":\"^XA^FDx^FS^XZ\"}");
            assertThat(semCodigo.status()).isEqualTo(201);
            assertThat(semCodigo.json().get("avisos").get(0).asText()).contains("sem código de rastreio");
        }
        assertThat(etiquetas(loja, pedidoId)).hasSize(4);

        Resposta removida = api.delete(caminho(pedidoId) + "/" + outra.texto("id")).token(loja.token()).enviar();
        assertThat(removida.status()).isEqualTo(200);
        assertThat(removida.json().get("removido").asBoolean()).isTrue();
        assertThat(pedidoJson(loja, pedidoId).get("etiquetasEnvio")).hasSize(3);
        assertThat(api.get(caminho(pedidoId) + "/" + outra.texto("id") + "?arquivo=1").token(loja.token()).enviar()
                      .status()).isEqualTo(404);
    }

    @Test
    void limitesETiposErradosSaoRecusadosComAStatusCerta() {
        LojaDeTeste loja = novaLoja();
        String pedidoId = pedido(loja);
        Resposta html = multipart(loja, pedidoId, "<html>erro</html>".getBytes(StandardCharsets.UTF_8));
        assertThat(html.status()).isEqualTo(400);
        assertThat(html.texto("erro")).contains("não é PDF").contains("nem ZPL");
        Resposta zplComoPdf = api.post(caminho(pedidoId)).token(loja.token())
                                 .corpo("application/pdf", ZPL.getBytes(StandardCharsets.UTF_8)).enviar();
        assertThat(zplComoPdf.status()).isEqualTo(400);
        Resposta pdfComoZpl = json(loja, pedidoId, "{\"zplBase64\":\""
                + Base64.getEncoder().encodeToString(XmlsFiscais.pdf()) + "\"}");
        assertThat(pdfComoZpl.status()).isEqualTo(400);
        Resposta truncado = multipart(loja, pedidoId, XmlsFiscais.pdfTruncado());
        assertThat(truncado.status()).isEqualTo(400);
        assertThat(json(loja, pedidoId, "{\"zpl\":\"^XA^XZ\",\"volume\":0}").status()).isEqualTo(400);
        assertThat(multipart(loja, pedidoId, ZPL.getBytes(StandardCharsets.UTF_8), "volume", "dois").status())
                .isEqualTo(400);
        assertThat(json(loja, pedidoId, "{\"zpl\":\"^XA^XZ\",\"urlRastreio\":\"javascript:alert(1)\"}").status())
                .isEqualTo(400);
        assertThat(json(loja, pedidoId, "{\"zpl\":\"^XA^XZ\",\"codigoRastreio\":\"tem espaço\"}").status())
                .isEqualTo(400);
        assertThat(json(loja, pedidoId, "{\"zpl\":\"^XA^XZ\",\"zplBase64\":\"XlhBXlha\"}").status()).isEqualTo(400);
        Resposta outroTipo = api.post(caminho(pedidoId)).token(loja.token())
                                .corpo("image/png", new byte[]{1, 2, 3}).enviar();
        assertThat(outroTipo.status()).isEqualTo(415);
        assertThat(outroTipo.texto("erro")).isNotBlank();

        byte[] pdfGrande = XmlsFiscais.pdfDeTamanho(5 * 1024 * 1024 + 1);
        Resposta acima = multipart(loja, pedidoId, pdfGrande);
        assertThat(acima.status()).as(acima.toString()).isEqualTo(413);
        String zplGrande = "^XA^FD" + "x".repeat(1024 * 1024) + "^FS^XZ";
        Resposta zplAcima = api.post(caminho(pedidoId)).token(loja.token())
                               .corpo("text/plain", zplGrande.getBytes(StandardCharsets.UTF_8)).enviar();
        assertThat(zplAcima.status()).as(zplAcima.toString()).isEqualTo(413);
        assertThat(zplAcima.texto("erro")).contains("1 MiB");
        assertThat(etiquetas(loja, pedidoId)).isEmpty();
    }

    @Test
    void quinquagesimaPrimeiraEtiquetaEConflitoMesmoComEnviosSimultaneos() throws Exception {
        LojaDeTeste loja = novaLoja();
        String pedidoId = pedido(loja);
        for (int i = 0; i < 45; i++) {
            assertThat(json(loja, pedidoId, "{\"zpl\":\"^XA^FD" + i + "^FS^XZ\",\"codigoRastreio\":\"C" + i + "\"}")
                    .status()).isEqualTo(201);
        }
        List<Integer> status = EmParalelo.executar(10, i -> json(loja, pedidoId, "{\"zpl\":\"^XA^FDp" + i
                + "^FS^XZ\",\"codigoRastreio\":\"P" + i + "\"}")).stream().map(Resposta::status).toList();
        assertThat(status).filteredOn(s -> s == 201).hasSize(5);
        assertThat(status).filteredOn(s -> s == 409).hasSize(5);
        assertThat(etiquetas(loja, pedidoId)).hasSize(50);
        // Replacing one of the fifty still works.
        assertThat(json(loja, pedidoId, "{\"zpl\":\"^XA^FDnovo^FS^XZ\",\"codigoRastreio\":\"C0\"}").status())
                .isEqualTo(200);
    }

    @Test
    void pedidoOuEtiquetaDeOutraLojaEDeOutroPedidoSaoNaoEncontrados() {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();
        String pedidoId = pedido(loja);
        Resposta criada = json(loja, pedidoId, "{\"zpl\":\"^XA^XZ\",\"codigoRastreio\":\"X1\"}");
        String id = criada.texto("id");
        assertThat(json(outra, pedidoId, "{\"zpl\":\"^XA^XZ\"}").status()).isEqualTo(404);
        assertThat(multipart(outra, pedidoId, ZPL.getBytes(StandardCharsets.UTF_8)).status()).isEqualTo(404);
        assertThat(api.post(caminho(pedidoId)).token(outra.token()).corpo("text/plain",
                ZPL.getBytes(StandardCharsets.UTF_8)).enviar().status()).isEqualTo(404);
        assertThat(api.get(caminho(pedidoId)).token(outra.token()).enviar().status()).isEqualTo(404);
        assertThat(api.get(caminho(pedidoId) + "/" + id).token(outra.token()).enviar().status()).isEqualTo(404);
        assertThat(api.get(caminho(pedidoId) + "/" + id + "?arquivo=1").token(outra.token()).enviar().status())
                .isEqualTo(404);
        assertThat(api.delete(caminho(pedidoId) + "/" + id).token(outra.token()).enviar().status()).isEqualTo(404);
        String outroPedido = pedido(loja);
        assertThat(api.get(caminho(outroPedido) + "/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(etiquetas(loja, pedidoId)).hasSize(1);
    }

    @Test
    void semArquivoCaracteresDeControleEJsonGrandeSaoRecusados() {
        LojaDeTeste loja = novaLoja();
        String pedidoId = pedido(loja);
        Resposta multipartSemArquivo = api.post(caminho(pedidoId)).token(loja.token())
                .corpo("multipart/form-data; boundary=xyz", ("--xyz\r\nContent-Disposition: form-data; "
                        + "name=\"codigoRastreio\"\r\n\r\nBR1\r\n--xyz--\r\n").getBytes(StandardCharsets.UTF_8))
                .enviar();
        assertThat(multipartSemArquivo.status()).as(multipartSemArquivo.toString()).isEqualTo(400);
        assertThat(multipartSemArquivo.texto("erro")).contains("arquivo");
        assertThat(json(loja, pedidoId, "{\"codigoRastreio\":\"BR1\"}").status()).isEqualTo(400);
        assertThat(api.post(caminho(pedidoId)).token(loja.token()).corpo("application/pdf", new byte[0]).enviar()
                      .status()).isEqualTo(400);
        Resposta nulo = multipart(loja, pedidoId, ZPL.getBytes(StandardCharsets.UTF_8), "transportadora", "Cor\u0000reios");
        assertThat(nulo.status()).as(nulo.toString()).isEqualTo(400);
        Resposta urlComNulo = multipart(loja, pedidoId, ZPL.getBytes(StandardCharsets.UTF_8), "codigoRastreio", "BR1",
                "urlRastreio", "https://a.example/\u0000x");
        assertThat(urlComNulo.status()).isEqualTo(400);
        Resposta semHost = json(loja, pedidoId, "{\"zpl\":\"^XA^XZ\",\"urlRastreio\":\"https:///caminho\"}");
        assertThat(semHost.status()).isEqualTo(400);
        Resposta jsonGrande = json(loja, pedidoId, "{\"pdfBase64\":\""
                + Base64.getEncoder().encodeToString(XmlsFiscais.pdfDeTamanho(5 * 1024 * 1024 + 1)) + "\"}");
        assertThat(jsonGrande.status()).as(jsonGrande.toString()).isEqualTo(413);
        assertThat(etiquetas(loja, pedidoId)).isEmpty();
        assertThat(pedidoJson(loja, pedidoId).get("codigoRastreio").isNull()).isTrue();
    }

    @Test
    void codigoDefinidoPorPatchNuncaESobrescritoEODownloadRespeitaAccept() {
        LojaDeTeste loja = novaLoja();
        String pedidoId = pedido(loja);
        Resposta patch = api.metodo("PATCH", "/v1/pedidos/" + pedidoId).token(loja.token()).json(
                "{\"status\":\"ENVIADO\",\"codigoRastreio\":\"PATCH1\",\"urlRastreio\":\"https://p.example/1\"}")
                            .enviar();
        assertThat(patch.status()).as(patch.toString()).isEqualTo(200);
        Resposta etiqueta = json(loja, pedidoId, "{\"zpl\":\"^XA^XZ\",\"codigoRastreio\":\"ETQ1\","
                + "\"urlRastreio\":\"https://e.example/1\"}");
        assertThat(etiqueta.status()).isEqualTo(201);
        JsonNode pedido = pedidoJson(loja, pedidoId);
        assertThat(pedido.get("codigoRastreio").asText()).isEqualTo("PATCH1");
        assertThat(pedido.get("urlRastreio").asText()).isEqualTo("https://p.example/1");
        assertThat(pedido.get("status").asText()).isEqualTo("ENVIADO");
        assertThat(pedido.get("etiquetasEnvio").get(0).get("versao").asLong()).isEqualTo(0);
        assertThat(pedido.get("etiquetasEnvio").get(0).get("avisos")).isEmpty();

        HttpResponse<byte[]> comAccept = api.get(caminho(pedidoId) + "/" + etiqueta.texto("id") + "?arquivo=1")
                                            .token(loja.token()).cabecalho("Accept", "text/plain").enviarBinario();
        assertThat(comAccept.statusCode()).isEqualTo(200);
        assertThat(new String(comAccept.body(), StandardCharsets.UTF_8)).isEqualTo("^XA^XZ");
    }
}
