package br.com.lojaapi.rotulo;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import br.com.lojaapi.query.rotulo.LeitorDeRotulos.PaginaLida;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.zxing.BarcodeFormat;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.CODE_128;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.QR;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.blocos;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.dadosDe;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.dadosDeTexto;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.ler;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.pagina;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.texto;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.textoDe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The store label endpoints as an integrator uses them: real orders of a store with its sender data, the files
 * read back as a printer and a scanner would (pages, decoded barcodes, extracted text, ZPL blocks).
 */
class RotuloApiTest extends TesteDeApi {

    private static final String CLIENTE = "João Araújo da Conceição";
    private static final String RASTREIO = "https://rastreio.example.com/objetos/OJ123456785BR";
    private static final AtomicLong NUMEROS_DE_NOTA = new AtomicLong(System.nanoTime() % 900_000_000L);

    record Loja(String id, String token, String slug) {
    }

    record Pedido(String id, long numero) {
    }

    @Test
    void dezPorQuinzeTemUmaPaginaPorVolumeComCodigosDoPedidoEOQrDaVitrineAteHaverRastreio() throws Exception {
        Loja loja = loja();
        Pedido pedido = pedido(loja, produtosComPeso(loja));

        HttpResponse<byte[]> resposta = etiqueta(loja, pedido, "?volumes=3");

        assertThat(resposta.statusCode()).as(corpo(resposta)).isEqualTo(200);
        assertThat(resposta.headers().firstValue("Content-Type")).hasValue("application/pdf");
        assertThat(resposta.headers().firstValue("Content-Disposition"))
                .hasValue("inline; filename=\"etiqueta-pedido-" + pedido.numero() + ".pdf\"");
        assertThat(resposta.headers().firstValue("Cache-Control").orElseThrow()).contains("no-store");
        String vitrine = "https://" + loja.slug() + ".lojas.example.com/pedido/" + pedido.id();
        try (PDDocument documento = Loader.loadPDF(resposta.body())) {
            assertThat(documento.getNumberOfPages()).isEqualTo(3);
            for (int indice = 0; indice < 3; indice++) {
                assertThat(pagina(documento, indice))
                        .isEqualTo(new PaginaLida("100.0x150.0 mm", Long.toString(pedido.numero()), vitrine));
            }
            String segunda = texto(documento, 2);
            assertThat(segunda).contains("Volume 2/3").doesNotContain("1/3", "3/3");
            assertThat(segunda).contains("Pedido " + pedido.numero(), "REMETENTE", "Empório Açaí & Cia",
                    "Rua Harmonia, 512 - Loja 2", "Vila Madalena - São Paulo/SP", "CEP 05435-000",
                    "Tel. (11) 3333-4444", "CNPJ 11.222.333/0001-81");
            assertThat(segunda).contains("DESTINATÁRIO", CLIENTE, "Rua Ângela Brandão, 1500 - Apto 12",
                    "Jardim Paulistano", "São Paulo/SP", "CEP 01452-000", "Tel. (11) 98888-7777",
                    "Ref.: Próximo à padaria Pão & Cia");
            assertThat(segunda).contains("Entrega:", "Entrega em domicílio", "Peso:", "1,200 kg", "CONTEÚDO",
                    "2 x Café Bourbon 500 g", "1 x Camiseta Algodão (Tamanho: M / Azul)")
                               .doesNotContain("Rastreio", "NF-e", "null");
        }

        Resposta rastreado = api.metodo("PATCH", "/v1/pedidos/" + pedido.id()).token(loja.token()).json("""
                {"status":"CONFIRMADO","codigoRastreio":"OJ123456785BR","urlRastreio":"%s"}""".formatted(RASTREIO))
                                .enviar();
        assertThat(rastreado.status()).as(rastreado.toString()).isEqualTo(200);

        byte[] comRastreio = pdf(loja, pedido, "");
        try (PDDocument documento = Loader.loadPDF(comRastreio)) {
            assertThat(documento.getNumberOfPages()).isEqualTo(1);
            BufferedImage imagem = new PDFRenderer(documento).renderImageWithDPI(0, 300, ImageType.GRAY);
            assertThat(ler(imagem, BarcodeFormat.QR_CODE)).isEqualTo(RASTREIO);
            assertThat(ler(imagem, BarcodeFormat.CODE_128)).isEqualTo(Long.toString(pedido.numero()));
            assertThat(texto(documento, 1)).contains("Volume 1/1", "Rastreio:", "OJ123456785BR");
        }
    }

    @Test
    void a4PoeQuatroPorFolhaEItensZeroEsconderOConteudo() throws Exception {
        Loja loja = loja();
        Pedido pedido = pedido(loja, produtosComPeso(loja));

        try (PDDocument documento = Loader.loadPDF(pdf(loja, pedido, "?tamanho=a4&volumes=5"))) {
            assertThat(documento.getNumberOfPages()).isEqualTo(2);
            assertThat(documento.getPage(0).getMediaBox().getWidth())
                    .isCloseTo(PDRectangle.A4.getWidth(), within(1f));
            assertThat(texto(documento, 1)).contains("Volume 1/5", "Volume 4/5").doesNotContain("Volume 5/5");
            assertThat(texto(documento, 2)).contains("Volume 5/5");
        }

        String semItens = textoDe(pdf(loja, pedido, "?itens=0"));
        assertThat(semItens).contains(CLIENTE, "Peso:").doesNotContain("CONTEÚDO", "Café Bourbon", "Camiseta");
        assertThat(textoDe(pdf(loja, pedido, "?itens=1"))).contains("CONTEÚDO", "Café Bourbon");

        HttpResponse<byte[]> anexo = etiqueta(loja, pedido, "?inline=0");
        assertThat(anexo.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"etiqueta-pedido-" + pedido.numero() + ".pdf\"");
    }

    @Test
    void notaAutorizadaVinculadaApareceESaiQuandoCancelada() throws Exception {
        Loja loja = loja();
        Pedido pedido = pedido(loja, produtosComPeso(loja));
        XmlsFiscais.Nfe nota = XmlsFiscais.Nfe.padrao().comNumero(NUMEROS_DE_NOTA.incrementAndGet());
        Resposta enviada = api.post("/v1/pedidos/" + pedido.id() + "/notas-fiscais").token(loja.token())
                              .corpo("application/xml", nota.xml()).enviar();
        assertThat(enviada.status()).as(enviada.toString()).isEqualTo(201);

        String texto = textoDe(pdf(loja, pedido, ""));

        assertThat(texto).contains("NF-e " + nota.numero() + " série " + nota.serie());
        assertThat(texto.replaceAll("\\s", "")).contains(nota.chave());

        Resposta cancelada = api.post("/v1/pedidos/" + pedido.id() + "/notas-fiscais").token(loja.token())
                                .corpo("application/xml", XmlsFiscais.cancelamento(nota, 135)).enviar();
        assertThat(cancelada.status()).as(cancelada.toString()).isEqualTo(200);
        assertThat(textoDe(pdf(loja, pedido, ""))).doesNotContain("NF-e", "série");
    }

    @Test
    void pesoSoQuandoTodosOsItensTemPeso() throws Exception {
        Loja loja = loja();
        List<String> comPeso = produtosComPeso(loja);
        String semPeso = produto(loja, "{\"nome\":\"Cartão presente\",\"preco\":10}");
        Pedido misto = pedido(loja, "[" + item(comPeso.get(0), "1") + "," + item(semPeso, "1") + "]");

        String texto = textoDe(pdf(loja, misto, ""));

        assertThat(texto).contains("1 x Café Bourbon 500 g", "1 x Cartão presente").doesNotContain("Peso", "kg");
        assertThat(textoDe(pdf(loja, pedido(loja, "[" + item(comPeso.get(0), "3") + "]"), "")))
                .contains("Peso:", "1,500 kg", "3 x Café Bourbon 500 g");
    }

    @Test
    void zplTemUmBlocoPorVolumeComCode128EQrEEscalaPara300Dpi() {
        Loja loja = loja();
        Pedido pedido = pedido(loja, produtosComPeso(loja));
        String vitrine = "https://" + loja.slug() + ".lojas.example.com/pedido/" + pedido.id();

        HttpResponse<byte[]> resposta = etiqueta(loja, pedido, "?formato=zpl&volumes=3&inline=1");

        assertThat(resposta.statusCode()).as(corpo(resposta)).isEqualTo(200);
        assertThat(resposta.headers().firstValue("Content-Type").orElseThrow())
                .startsWith("text/plain").containsIgnoringCase("charset=utf-8");
        assertThat(resposta.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"etiqueta-pedido-" + pedido.numero() + ".zpl\"");
        assertThat(resposta.headers().firstValue("Cache-Control").orElseThrow()).contains("no-store");
        String zpl = new String(resposta.body(), StandardCharsets.UTF_8);
        List<String> blocos = blocos(zpl);
        assertThat(blocos).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(dadosDe(CODE_128, blocos.get(i))).containsExactly(Long.toString(pedido.numero()));
            assertThat(dadosDe(QR, blocos.get(i))).containsExactly("QA," + vitrine);
            assertThat(dadosDeTexto(blocos.get(i))).contains("Volume " + (i + 1) + "/3");
        }
        assertThat(dadosDeTexto(zpl)).contains(CLIENTE, "Empório Açaí & Cia", "Entrega em domicílio",
                "1 x Camiseta Algodão (Tamanho: M / Azul)");
        assertThat(zpl).contains("^PW800", "^LL1200");

        String em300 = new String(etiqueta(loja, pedido, "?formato=zpl&dpi=300").body(), StandardCharsets.UTF_8);
        assertThat(blocos(em300)).hasSize(1);
        assertThat(em300).contains("^PW1182", "^LL1773");
        assertThat(dadosDe(CODE_128, em300)).containsExactly(Long.toString(pedido.numero()));
    }

    @Test
    void linkDeRastreioLongoDemaisParaUmQrUsaOLinkDaVitrineNosDoisFormatos() {
        Loja loja = loja();
        Pedido pedido = pedido(loja, produtosComPeso(loja));
        String longo = "https://rastreio.example.com/" + "a".repeat(1700);
        Resposta alterado = api.metodo("PATCH", "/v1/pedidos/" + pedido.id()).token(loja.token())
                               .json("{\"status\":\"CONFIRMADO\",\"urlRastreio\":\"" + longo + "\"}").enviar();
        assertThat(alterado.status()).as(alterado.toString()).isEqualTo(200);
        String vitrine = "https://" + loja.slug() + ".lojas.example.com/pedido/" + pedido.id();
        HttpResponse<byte[]> zpl = etiqueta(loja, pedido, "?formato=zpl&volumes=2");
        assertThat(zpl.statusCode()).as(corpo(zpl)).isEqualTo(200);
        assertThat(dadosDe(QR, new String(zpl.body(), StandardCharsets.UTF_8))).containsOnly("QA," + vitrine);
        assertThat(etiqueta(loja, pedido, "").statusCode()).isEqualTo(200);
    }

    @Test
    void cadaParametroInvalidoEUm400QueDizOsValoresAceitos() {
        Loja loja = loja();
        Pedido pedido = pedido(loja, produtosComPeso(loja));
        List<String[]> casos = List.of(
                new String[] {"tamanho=a5", "tamanho", "10x15", "a4"},
                new String[] {"tamanho=", "tamanho", "10x15", "a4"},
                new String[] {"volumes=0", "volumes", "1 a 50"},
                new String[] {"volumes=51", "volumes", "1 a 50"},
                new String[] {"volumes=tr%C3%AAs", "volumes", "1 a 50"},
                new String[] {"volumes=2.5", "volumes", "1 a 50"},
                new String[] {"volumes=-1", "volumes", "1 a 50"},
                new String[] {"volumes=1&volumes=2", "volumes", "1 a 50"},
                new String[] {"itens=2", "itens", "0", "1"},
                new String[] {"inline=talvez", "inline", "0", "1"},
                new String[] {"formato=png", "formato", "pdf", "zpl"},
                new String[] {"formato=zpl&tamanho=a4", "zpl", "10x15"},
                new String[] {"dpi=600", "dpi", "203", "300"},
                new String[] {"dpi=abc&formato=zpl", "dpi", "203", "300"},
                new String[] {"dpi=600&formato=pdf", "dpi", "203", "300"});
        for (String[] caso : casos) {
            Resposta resposta = api.get(caminho(pedido) + "?" + caso[0]).token(loja.token()).enviar();
            assertThat(resposta.status()).as(caso[0] + ": " + resposta).isEqualTo(400);
            assertThat(resposta.cabecalho("Content-Type")).startsWith("application/json");
            assertThat(resposta.texto("erro")).as(caso[0]).contains(List.of(caso).subList(1, caso.length));
        }

        HttpResponse<byte[]> dpiComPdf = etiqueta(loja, pedido, "?dpi=300");
        assertThat(dpiComPdf.statusCode()).as("dpi válido com pdf é ignorado").isEqualTo(200);
        assertThat(dpiComPdf.headers().firstValue("Content-Type")).hasValue("application/pdf");
        Resposta paraOutraLoja = api.get("/v1/pedidos/" + UUID.randomUUID() + "/etiqueta?volumes=0")
                                    .token(loja.token()).enviar();
        assertThat(paraOutraLoja.status()).as("parâmetros antes do pedido").isEqualTo(400);
    }

    @Test
    void pedidoDeOutraLojaOuInexistenteE404() {
        Loja loja = loja();
        Loja outra = loja();
        Pedido daOutra = pedido(outra, produtosComPeso(outra));

        for (String id : List.of(daOutra.id(), UUID.randomUUID().toString(), "nao-e-um-id")) {
            Resposta resposta = api.get("/v1/pedidos/" + id + "/etiqueta").token(loja.token()).enviar();
            assertThat(resposta.status()).as(id + ": " + resposta).isEqualTo(404);
            assertThat(resposta.texto("erro")).isEqualTo("Pedido não encontrado");
        }
        assertThat(api.get(caminho(daOutra)).token(outra.token()).enviarBinario().statusCode()).isEqualTo(200);
        assertThat(api.get(caminho(daOutra)).enviar().status()).isEqualTo(401);
    }

    @Test
    void loteSaiNaOrdemEnviadaComVolumesPorPedidoERepeticoes() throws Exception {
        Loja loja = loja();
        List<String> produtos = produtosComPeso(loja);
        Pedido a = pedido(loja, produtos);
        Pedido b = pedido(loja, produtos);
        Pedido c = pedido(loja, produtos);

        HttpResponse<byte[]> resposta = lote(loja, "", """
                {"pedidos":["%s",{"id":"%s","volumes":2},"%s","%s"]}""".formatted(c.id(), a.id(), b.id(), c.id()));

        assertThat(resposta.statusCode()).as(corpo(resposta)).isEqualTo(200);
        assertThat(resposta.headers().firstValue("Content-Type")).hasValue("application/pdf");
        assertThat(resposta.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"etiquetas-lote.pdf\"");
        List<Long> esperados = List.of(c.numero(), a.numero(), a.numero(), b.numero(), c.numero());
        List<String> volumes = List.of("1/1", "1/2", "2/2", "1/1", "1/1");
        try (PDDocument documento = Loader.loadPDF(resposta.body())) {
            assertThat(documento.getNumberOfPages()).isEqualTo(5);
            PDFRenderer renderizador = new PDFRenderer(documento);
            for (int pagina = 0; pagina < 5; pagina++) {
                BufferedImage imagem = renderizador.renderImageWithDPI(pagina, 300, ImageType.GRAY);
                assertThat(ler(imagem, BarcodeFormat.CODE_128)).as("página %d", pagina + 1)
                        .isEqualTo(Long.toString(esperados.get(pagina)));
                assertThat(texto(documento, pagina + 1)).contains("Volume " + volumes.get(pagina));
            }
        }

        HttpResponse<byte[]> aberto = lote(loja, "?inline=1", """
                {"pedidos":["%s"],"volumes":2,"itens":false,"tamanho":"a4"}""".formatted(a.id()));
        assertThat(aberto.statusCode()).as(corpo(aberto)).isEqualTo(200);
        assertThat(aberto.headers().firstValue("Content-Disposition"))
                .hasValue("inline; filename=\"etiquetas-lote.pdf\"");
        try (PDDocument documento = Loader.loadPDF(aberto.body())) {
            assertThat(documento.getNumberOfPages()).isEqualTo(1);
            assertThat(texto(documento, 1)).contains("Volume 1/2", "Volume 2/2").doesNotContain("CONTEÚDO");
        }
    }

    @Test
    void loteComPedidosDesconhecidosE404ComTodosEles() {
        Loja loja = loja();
        Loja outra = loja();
        Pedido nosso = pedido(loja, produtosComPeso(loja));
        Pedido daOutra = pedido(outra, produtosComPeso(outra));
        String inexistente = UUID.randomUUID().toString();

        Resposta resposta = api.post("/v1/etiquetas/lote").token(loja.token()).json("""
                {"pedidos":["%s","%s",{"id":"nao-e-um-id","volumes":3},"%s","%s","%s"]}"""
                .formatted(nosso.id(), inexistente, daOutra.id(), nosso.id(), inexistente)).enviar();

        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(404);
        assertThat(resposta.texto("erro")).contains("3 pedidos", "nenhuma etiqueta");
        assertThat(textos(resposta.json().get("naoEncontrados")))
                .containsExactly(inexistente, "nao-e-um-id", daOutra.id());

        Resposta um = api.post("/v1/etiquetas/lote").token(loja.token())
                         .json("{\"pedidos\":[\"" + inexistente + "\"],\"formato\":\"zpl\"}").enviar();
        assertThat(um.status()).isEqualTo(404);
        assertThat(textos(um.json().get("naoEncontrados"))).containsExactly(inexistente);
    }

    @Test
    void limitesDoLote() {
        Loja loja = loja();
        Pedido pedido = pedido(loja, produtosComPeso(loja));
        String id = "\"" + pedido.id() + "\"";

        Resposta pedidosDemais = enviarLote(loja, "{\"pedidos\":[" + String.join(",",
                Collections.nCopies(101, "\"" + UUID.randomUUID() + "\"")) + "]}");
        assertThat(pedidosDemais.status()).as(pedidosDemais.toString()).isEqualTo(400);
        assertThat(pedidosDemais.texto("erro")).contains("100 pedidos");

        String cinquenta = "{\"id\":" + id + ",\"volumes\":50}";
        Resposta etiquetasDemais = enviarLote(loja, "{\"pedidos\":[" + String.join(",",
                Collections.nCopies(4, cinquenta)) + "," + id + "]}");
        assertThat(etiquetasDemais.status()).as(etiquetasDemais.toString()).isEqualTo(400);
        assertThat(etiquetasDemais.texto("erro")).contains("200 etiquetas", "201");
        Resposta pelosVolumesDoLote = enviarLote(loja, "{\"volumes\":3,\"pedidos\":["
                + String.join(",", Collections.nCopies(67, id)) + "]}");
        assertThat(pelosVolumesDoLote.status()).as(pelosVolumesDoLote.toString()).isEqualTo(400);

        HttpResponse<byte[]> duzentas = lote(loja, "", "{\"formato\":\"zpl\",\"pedidos\":["
                + String.join(",", Collections.nCopies(4, cinquenta)) + "]}");
        assertThat(duzentas.statusCode()).as(corpo(duzentas)).isEqualTo(200);
        assertThat(blocos(new String(duzentas.body(), StandardCharsets.UTF_8))).hasSize(200);

        HttpResponse<byte[]> cem = lote(loja, "", "{\"formato\":\"zpl\",\"pedidos\":["
                + String.join(",", Collections.nCopies(100, id)) + "]}");
        assertThat(cem.statusCode()).as(corpo(cem)).isEqualTo(200);
        assertThat(blocos(new String(cem.body(), StandardCharsets.UTF_8))).hasSize(100);
    }

    @Test
    void loteEmZplTemTodosOsBlocosNaOrdem() {
        Loja loja = loja();
        List<String> produtos = produtosComPeso(loja);
        Pedido a = pedido(loja, produtos);
        Pedido b = pedido(loja, produtos);

        HttpResponse<byte[]> resposta = lote(loja, "?inline=1", """
                {"pedidos":["%s","%s"],"formato":"zpl","volumes":2,"dpi":300}""".formatted(b.id(), a.id()));

        assertThat(resposta.statusCode()).as(corpo(resposta)).isEqualTo(200);
        assertThat(resposta.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain");
        assertThat(resposta.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"etiquetas-lote.zpl\"");
        String zpl = new String(resposta.body(), StandardCharsets.UTF_8);
        List<String> blocos = blocos(zpl);
        assertThat(blocos).hasSize(4);
        assertThat(blocos.stream().map(bloco -> dadosDe(CODE_128, bloco).get(0)).toList())
                .containsExactly(Long.toString(b.numero()), Long.toString(b.numero()), Long.toString(a.numero()),
                        Long.toString(a.numero()));
        assertThat(zpl).contains("^PW1182");

        Resposta a4 = enviarLote(loja, "{\"pedidos\":[\"" + a.id() + "\"],\"formato\":\"zpl\",\"tamanho\":\"a4\"}");
        assertThat(a4.status()).isEqualTo(400);
        assertThat(a4.texto("erro")).contains("zpl", "10x15");
    }

    @Test
    void corpoOuElementoMalformadoDoLoteE400NuncaErroInterno() {
        Loja loja = loja();
        Pedido pedido = pedido(loja, produtosComPeso(loja));
        String id = "\"" + pedido.id() + "\"";
        List<String[]> casos = List.of(
                new String[] {"{\"pedidos\":[123]}", "pedidos[0]", "0"},
                new String[] {"{\"pedidos\":[" + id + ",{\"volumes\":2}]}", "pedidos[1].id", "1"},
                new String[] {"{\"pedidos\":[{\"id\":5}]}", "pedidos[0].id", "0"},
                new String[] {"{\"pedidos\":[null]}", "pedidos[0]", "0"},
                new String[] {"{\"pedidos\":[\"\"]}", "pedidos[0]", "0"},
                new String[] {"{\"pedidos\":[[" + id + "]]}", "pedidos[0]", "0"},
                new String[] {"{\"pedidos\":[true]}", "pedidos[0]", "0"},
                new String[] {"{\"pedidos\":[{\"id\":" + id + ",\"volumes\":0}]}", "pedidos[0].volumes", "0"},
                new String[] {"{\"pedidos\":[{\"id\":" + id + ",\"volumes\":51}]}", "pedidos[0].volumes", "0"},
                new String[] {"{\"pedidos\":[{\"id\":" + id + ",\"volumes\":\"2\"}]}", "pedidos[0].volumes", "0"},
                new String[] {"{\"pedidos\":[{\"id\":" + id + ",\"volumes\":1.5}]}", "pedidos[0].volumes", "0"},
                new String[] {"{\"pedidos\":[]}", "pedidos", null},
                new String[] {"{\"pedidos\":" + id + "}", "pedidos", null},
                new String[] {"{\"pedidos\":null}", "pedidos", null},
                new String[] {"{}", "pedidos", null},
                new String[] {"{\"pedidos\":[" + id + "],\"volumes\":\"2\"}", "volumes", null},
                new String[] {"{\"pedidos\":[" + id + "],\"volumes\":51}", "volumes", null},
                new String[] {"{\"pedidos\":[" + id + "],\"volumes\":99999999999}", "volumes", null},
                new String[] {"{\"pedidos\":[" + id + "],\"itens\":\"true\"}", "itens", null},
                new String[] {"{\"pedidos\":[" + id + "],\"tamanho\":5}", "tamanho", null},
                new String[] {"{\"pedidos\":[" + id + "],\"tamanho\":\"a5\"}", "tamanho", null},
                new String[] {"{\"pedidos\":[" + id + "],\"formato\":\"png\"}", "formato", null},
                new String[] {"{\"pedidos\":[" + id + "],\"formato\":[\"zpl\"]}", "formato", null},
                new String[] {"{\"pedidos\":[" + id + "],\"dpi\":\"300\"}", "dpi", null},
                new String[] {"[" + id + "]", "objeto", null},
                new String[] {"\"" + pedido.id() + "\"", "objeto", null},
                new String[] {"{\"pedidos\":[", "pedidos", null},
                new String[] {"{\"pedidos\":[] x", "JSON", null},
                new String[] {"", "JSON", null});
        for (String[] caso : casos) {
            Resposta resposta = enviarLote(loja, caso[0]);
            assertThat(resposta.status()).as(caso[0] + ": " + resposta).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(caso[0]).contains(caso[1]);
            if (caso[2] != null) {
                assertThat(resposta.json().get("indice").asInt()).as(caso[0]).isEqualTo(Integer.parseInt(caso[2]));
            }
        }
        Resposta xml = api.post("/v1/etiquetas/lote").token(loja.token())
                          .corpo("application/xml", "<pedidos/>".getBytes(StandardCharsets.UTF_8)).enviar();
        assertThat(xml.status()).isEqualTo(415);
    }

    @Test
    void descricaoOpenApiDosDoisEndpoints() {
        JsonNode caminhos = api.get("/v1/openapi.json").enviar().json().get("paths");

        JsonNode etiqueta = caminhos.at("/~1pedidos~1{id}~1etiqueta/get");
        assertThat(etiqueta.isMissingNode()).isFalse();
        assertThat(etiqueta.at("/responses/200/content").fieldNames()).toIterable()
                .contains("application/pdf", "text/plain");
        assertThat(etiqueta.get("responses").fieldNames()).toIterable().contains("400", "401", "404", "429");
        assertThat(textos(etiqueta.get("parameters"), "name"))
                .contains("tamanho", "volumes", "itens", "inline", "formato", "dpi");

        JsonNode lote = caminhos.at("/~1etiquetas~1lote/post");
        assertThat(lote.at("/responses/200/content").fieldNames()).toIterable()
                .contains("application/pdf", "text/plain");
        assertThat(lote.get("responses").fieldNames()).toIterable().contains("400", "401", "404", "413", "415");
        assertThat(lote.at("/responses/404/content/application~1json/schema/$ref").asText())
                .endsWith("/PedidosNaoEncontrados");
        assertThat(lote.at("/requestBody/content/application~1json/schema/$ref").asText())
                .endsWith("/LoteDeEtiquetas");
    }

    /** A store with the sender data a label prints, and an accented name. */
    private Loja loja() {
        String slug = "rotulo-" + UUID.randomUUID().toString().substring(0, 13);
        Resposta loja = api.post("/admin/lojas").token(ADMIN).json("""
                {"nome":"Empório Açaí & Cia","slug":"%s","cnpj":"11.222.333/0001-81","telefone":"(11) 3333-4444",
                 "cep":"05435000","endereco":"Rua Harmonia","numero":"512","complemento":"Loja 2",
                 "bairro":"Vila Madalena","cidade":"São Paulo","uf":"SP"}""".formatted(slug)).enviar();
        assertThat(loja.status()).as(loja.toString()).isEqualTo(201);
        return new Loja(loja.texto("id"), novoToken(api, loja.texto("id"), "erp"), slug);
    }

    /** A coffee of 0.5 kg and a T-shirt of 0.2 kg sold by size and colour; returns the coffee, then the shirt. */
    private List<String> produtosComPeso(Loja loja) {
        String cafe = produto(loja, "{\"nome\":\"Café Bourbon 500 g\",\"preco\":30,\"peso\":0.5}");
        String camiseta = produto(loja, """
                {"nome":"Camiseta Algodão","preco":50,"peso":0.2,
                 "variacoes":[{"nome":"Tamanho","valor1":"M","valor2":"Azul","quantidadeEstoque":5}]}""");
        String variacao = api.get("/v1/produtos/" + camiseta).token(loja.token()).enviar().json()
                             .at("/variacoes/0/id").asText();
        return List.of(cafe, camiseta, variacao);
    }

    private String produto(Loja loja, String json) {
        Resposta criado = api.post("/v1/produtos").token(loja.token()).json(json).enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    /** Two coffees and one T-shirt: 1.2 kg. */
    private Pedido pedido(Loja loja, List<String> produtos) {
        return pedido(loja, "[" + item(produtos.get(0), "2") + ",{\"produtoId\":\"" + produtos.get(1)
                + "\",\"variacaoId\":\"" + produtos.get(2) + "\",\"quantidade\":1}]");
    }

    /** A delivery to a customer with an accented name and every address field the label prints. */
    private Pedido pedido(Loja loja, String itens) {
        Resposta criado = api.post("/v1/pedidos").token(loja.token()).json("""
                {"tipoEntrega":"DELIVERY","cliente":{"nome":"%s","celular":"(11) 98888-7777",
                 "endereco":"Rua Ângela Brandão","numero":"1500","complemento":"Apto 12",
                 "bairro":"Jardim Paulistano","cidade":"São Paulo","uf":"SP","cep":"01452000",
                 "referencia":"Próximo à padaria Pão & Cia"},"itens":%s}""".formatted(CLIENTE, itens)).enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return new Pedido(criado.texto("id"), criado.json().get("numero").asLong());
    }

    private static String item(String produtoId, String quantidade) {
        return "{\"produtoId\":\"" + produtoId + "\",\"quantidade\":" + quantidade + "}";
    }

    private static String caminho(Pedido pedido) {
        return "/v1/pedidos/" + pedido.id() + "/etiqueta";
    }

    private HttpResponse<byte[]> etiqueta(Loja loja, Pedido pedido, String consulta) {
        return api.get(caminho(pedido) + consulta).token(loja.token()).enviarBinario();
    }

    private byte[] pdf(Loja loja, Pedido pedido, String consulta) {
        HttpResponse<byte[]> resposta = etiqueta(loja, pedido, consulta);
        assertThat(resposta.statusCode()).as(corpo(resposta)).isEqualTo(200);
        assertThat(resposta.headers().firstValue("Content-Type")).hasValue("application/pdf");
        return resposta.body();
    }

    private HttpResponse<byte[]> lote(Loja loja, String consulta, String json) {
        return api.post("/v1/etiquetas/lote" + consulta).token(loja.token()).json(json).enviarBinario();
    }

    private Resposta enviarLote(Loja loja, String json) {
        return api.post("/v1/etiquetas/lote").token(loja.token()).json(json).enviar();
    }

    private static String corpo(HttpResponse<byte[]> resposta) {
        String tipo = resposta.headers().firstValue("Content-Type").orElse("");
        return resposta.statusCode() + " " + (tipo.startsWith("application/json")
                ? new String(resposta.body(), StandardCharsets.UTF_8) : tipo);
    }

    private static List<String> textos(JsonNode lista) {
        List<String> textos = new ArrayList<>();
        lista.forEach(valor -> textos.add(valor.asText()));
        return textos;
    }

    private static List<String> textos(JsonNode lista, String campo) {
        List<String> textos = new ArrayList<>();
        lista.forEach(valor -> textos.add(valor.get(campo).asText()));
        return textos;
    }
}
