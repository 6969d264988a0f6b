package br.com.lojaapi.notafiscal;

import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What a client notices around invoices, beyond reading each kind of XML (see NotaFiscalCorpusApiTest). */
class NotaFiscalApiTest extends TesteDeNotasFiscais {

    @Test
    void downloadDevolveOsBytesEnviadosComTipoENomeCertos() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        XmlsFiscais.Nfe nota = nfe();
        byte[] xml = XmlsFiscais.comBom(nota.xml());
        byte[] pdf = XmlsFiscais.pdf();
        Resposta criada = enviar(Formato.MULTIPART, loja, pedido.id(), xml, pdf);
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        assertThat(criada.cabecalho("Location")).isEqualTo(caminho(pedido) + "/" + criada.texto("id"));
        assertThat(avisos(criada)).isEmpty();
        String id = criada.texto("id");

        HttpResponse<byte[]> baixado = baixar(loja, pedido, id, "?arquivo=xml");
        assertThat(baixado.statusCode()).isEqualTo(200);
        assertThat(baixado.body()).isEqualTo(xml);
        assertThat(baixado.headers().firstValue("Content-Type")).hasValue("application/xml");
        assertThat(baixado.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"" + nota.chave() + ".xml\"");

        HttpResponse<byte[]> danfe = baixar(loja, pedido, id, "?arquivo=pdf&inline=1");
        assertThat(danfe.statusCode()).isEqualTo(200);
        assertThat(danfe.body()).isEqualTo(pdf);
        assertThat(danfe.headers().firstValue("Content-Type")).hasValue("application/pdf");
        assertThat(danfe.headers().firstValue("Content-Disposition"))
                .hasValue("inline; filename=\"" + nota.chave() + ".pdf\"");
        assertThat(danfe.headers().firstValue("Cache-Control").orElseThrow()).contains("no-store");

        assertThat(baixar(loja, pedido, id, "?arquivo=xml-cancelamento").statusCode()).isEqualTo(404);
        assertThat(baixar(loja, pedido, id, "?arquivo=zip").statusCode()).isEqualTo(400);
        assertThat(baixar(loja, pedido, id, "?arquivo=xml&inline=talvez").statusCode()).isEqualTo(400);

        byte[] cancelamento = XmlsFiscais.cancelamento(nota, 135);
        Resposta cancelada = enviar(Formato.XML, loja, pedido, cancelamento);
        assertThat(cancelada.status()).as(cancelada.toString()).isEqualTo(200);
        HttpResponse<byte[]> evento = baixar(loja, pedido, id, "?arquivo=xml-cancelamento");
        assertThat(evento.body()).isEqualTo(cancelamento);
        assertThat(evento.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"" + nota.chave() + "-cancelamento.xml\"");
    }

    @Test
    void reenvioDaMesmaChaveAtualizaSemDuplicarESoSubstituiOQueVeio() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        XmlsFiscais.Nfe nota = nfe();
        Resposta criada = enviar(Formato.XML, loja, pedido, nota.xml());
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        assertThat(criada.texto("acao")).isEqualTo("criada");
        assertThat(avisos(criada)).containsExactly(SEM_PDF);

        Resposta mesma = enviar(Formato.JSON, loja, pedido, nota.xml());
        assertThat(mesma.status()).as(mesma.toString()).isEqualTo(200);
        assertThat(mesma.texto("acao")).isEqualTo("atualizada");
        assertThat(mesma.texto("id")).isEqualTo(criada.texto("id"));
        assertThat(notas(loja, pedido)).hasSize(1);

        // The PDF later, by key: only the PDF is added and its warning goes away.
        byte[] pdf = XmlsFiscais.pdf();
        Resposta comPdf = enviarJson(loja, pedido, "{\"chave\":\"" + nota.chave() + "\",\"pdfBase64\":\""
                + base64(pdf) + "\"}");
        assertThat(comPdf.status()).as(comPdf.toString()).isEqualTo(200);
        assertThat(comPdf.texto("acao")).isEqualTo("atualizada");
        assertThat(comPdf.json().get("temPdf").asBoolean()).isTrue();
        assertThat(comPdf.json().get("temXml").asBoolean()).isTrue();
        assertThat(avisos(comPdf)).isEmpty();
        assertThat(baixar(loja, pedido, criada.texto("id"), "?arquivo=xml").body()).isEqualTo(nota.xml());
        assertThat(baixar(loja, pedido, criada.texto("id"), "?arquivo=pdf").body()).isEqualTo(pdf);

        // A new PDF by multipart replaces the old one; the XML stays.
        byte[] outroPdf = XmlsFiscais.pdf("DANFE 2");
        Resposta multipart = new Multipart().arquivo("pdf", "danfe2.pdf", "application/pdf", outroPdf)
                                            .campo("chave", nota.chave()).enviar(loja, caminho(pedido));
        assertThat(multipart.status()).as(multipart.toString()).isEqualTo(200);
        assertThat(baixar(loja, pedido, criada.texto("id"), "?arquivo=pdf").body()).isEqualTo(outroPdf);
        assertThat(baixar(loja, pedido, criada.texto("id"), "?arquivo=xml").body()).isEqualTo(nota.xml());
        assertThat(notas(loja, pedido)).hasSize(1);
    }

    @Test
    void soOsMetadadosComChaveValidaEDepoisOXml() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        XmlsFiscais.Nfe nota = nfe();
        Resposta invalida = enviarJson(loja, pedido, "{\"chave\":\"" + nota.chave().substring(0, 43)
                + (nota.chave().charAt(43) == '9' ? '0' : '9') + "\"}");
        assertThat(invalida.status()).as(invalida.toString()).isEqualTo(400);
        assertThat(invalida.texto("erro")).contains("Chave de acesso inválida");
        Resposta numeroErrado = enviarJson(loja, pedido, "{\"chave\":\"" + nota.chave() + "\",\"numero\":\"7\"}");
        assertThat(numeroErrado.status()).isEqualTo(400);
        assertThat(numeroErrado.texto("erro")).contains("numero 7 difere");

        Resposta metadados = enviarJson(loja, pedido, "{\"chave\":\"" + nota.chave() + "\",\"numero\":\""
                + nota.numero() + "\",\"serie\":\"" + nota.serie() + "\"}");
        assertThat(metadados.status()).as(metadados.toString()).isEqualTo(201);
        JsonNode m = metadados.json();
        assertThat(m.get("chave").asText()).isEqualTo(nota.chave());
        assertThat(m.get("numero").asText()).isEqualTo(String.valueOf(nota.numero()));
        assertThat(m.get("serie").asText()).isEqualTo(String.valueOf(nota.serie()));
        assertThat(m.get("modelo").asText()).isEqualTo("55");
        assertThat(m.get("temXml").asBoolean()).isFalse();
        assertThat(m.get("dataEmissao").isNull()).isTrue();
        assertThat(m.get("valorTotal").isNull()).isTrue();
        assertThat(avisos(metadados)).containsExactly(SEM_PDF);

        Resposta xml = enviar(Formato.XML, loja, pedido, nota.xml());
        assertThat(xml.status()).as(xml.toString()).isEqualTo(200);
        assertThat(xml.texto("acao")).isEqualTo("atualizada");
        assertThat(xml.json().get("temXml").asBoolean()).isTrue();
        assertThat(xml.json().get("valorTotal").decimalValue()).isEqualByComparingTo(VALOR);
        assertThat(notas(loja, pedido)).hasSize(1);
    }

    @Test
    void chaveDeOutroPedidoDaLojaEConflito() {
        LojaDeTeste loja = lojaEmitente();
        Pedido primeiro = pedido(loja);
        Pedido segundo = pedido(loja);
        XmlsFiscais.Nfe nota = nfe();
        assertThat(enviar(Formato.XML, loja, primeiro, nota.xml()).status()).isEqualTo(201);
        for (Formato formato : Formato.values()) {
            Resposta outra = enviar(formato, loja, segundo, nota.xml());
            assertThat(outra.status()).as(outra.toString()).isEqualTo(409);
            assertThat(outra.texto("erro")).contains("outro pedido");
        }
        Resposta cancelamento = enviar(Formato.XML, loja, segundo, XmlsFiscais.cancelamento(nota, 135));
        assertThat(cancelamento.status()).isEqualTo(409);
        assertThat(notas(loja, segundo)).isEmpty();
        // Another store may link the same key to its own order: keys are unique within a store.
        LojaDeTeste outraLoja = lojaEmitente();
        assertThat(enviar(Formato.XML, outraLoja, pedido(outraLoja), nota.xml()).status()).isEqualTo(201);
    }

    @Test
    void vigesimaPrimeiraNotaDoPedidoEConflito() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        for (int i = 0; i < 20; i++) {
            Resposta criada = enviar(Formato.XML, loja, pedido, nfe().xml());
            assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        }
        Resposta vigesimaPrimeira = enviar(Formato.JSON, loja, pedido, nfe().xml());
        assertThat(vigesimaPrimeira.status()).as(vigesimaPrimeira.toString()).isEqualTo(409);
        assertThat(vigesimaPrimeira.texto("erro")).contains("20 notas fiscais");
        assertThat(notas(loja, pedido)).hasSize(20);
        // Resending one of the twenty is still an update.
        String primeira = notas(loja, pedido).get(0).get("chave").asText();
        Resposta pdf = enviarJson(loja, pedido, "{\"chave\":\"" + primeira + "\",\"pdfBase64\":\""
                + base64(XmlsFiscais.pdf()) + "\"}");
        assertThat(pdf.status()).as(pdf.toString()).isEqualTo(200);
    }

    @Test
    void pedidoDeOutraLojaENaoEncontradoEmTodaOperacao() {
        LojaDeTeste loja = lojaEmitente();
        LojaDeTeste outra = lojaEmitente();
        Pedido pedido = pedido(loja);
        Resposta criada = enviar(Formato.XML, loja, pedido, nfe().xml());
        String id = criada.texto("id");
        for (Formato formato : Formato.values()) {
            Resposta alheia = enviar(formato, outra, pedido.id(), nfe().xml(), null);
            assertThat(alheia.status()).as(alheia.toString()).isEqualTo(404);
            assertThat(alheia.texto("erro")).isEqualTo("Pedido não encontrado");
        }
        assertThat(api.get(caminho(pedido)).token(outra.token()).enviar().status()).isEqualTo(404);
        assertThat(api.get(caminho(pedido) + "/" + id).token(outra.token()).enviar().status()).isEqualTo(404);
        assertThat(baixar(outra, pedido, id, "?arquivo=xml").statusCode()).isEqualTo(404);
        assertThat(api.delete(caminho(pedido) + "/" + id).token(outra.token()).enviar().status()).isEqualTo(404);
        // The invoice under another order of the same store is not found either.
        Pedido outroPedido = pedido(loja);
        assertThat(api.get(caminho(outroPedido) + "/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(api.delete(caminho(outroPedido) + "/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(notas(loja, pedido)).hasSize(1);
        assertThat(enviar(Formato.XML, loja, "nao-e-um-id", nfe().xml(), null).status()).isEqualTo(404);
    }

    @Test
    void pedidoMostraAsNotasAtualizadasNaAtualizacaoCancelamentoERemocao() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        String status = pedidoJson(loja, pedido).get("status").asText();
        XmlsFiscais.Nfe nota = nfe();
        Resposta criada = enviar(Formato.XML, loja, pedido, nota.xml());
        String id = criada.texto("id");
        JsonNode resumo = pedidoJson(loja, pedido).get("notasFiscais");
        assertThat(resumo).hasSize(1);
        assertThat(resumo.get(0).get("id").asText()).isEqualTo(id);
        assertThat(resumo.get(0).get("chave").asText()).isEqualTo(nota.chave());
        assertThat(resumo.get(0).get("numero").asText()).isEqualTo(String.valueOf(nota.numero()));
        assertThat(resumo.get(0).get("serie").asText()).isEqualTo("1");
        assertThat(resumo.get(0).get("modelo").asText()).isEqualTo("55");
        assertThat(resumo.get(0).get("situacao").asText()).isEqualTo("AUTORIZADA");
        assertThat(resumo.get(0).get("valorTotal").decimalValue()).isEqualByComparingTo(VALOR);

        Resposta nfse = enviar(Formato.XML, loja, pedido, XmlsFiscais.Nfse.abrasf202().xml());
        assertThat(nfse.status()).as(nfse.toString()).isEqualTo(201);
        assertThat(enviar(Formato.XML, loja, pedido, XmlsFiscais.cancelamento(nota, 135)).status()).isEqualTo(200);
        JsonNode lista = api.get("/v1/pedidos?limite=100").token(loja.token()).enviar().json().get("pedidos");
        JsonNode doPedido = null;
        for (JsonNode p : lista) {
            if (p.get("id").asText().equals(pedido.id())) {
                doPedido = p;
            }
        }
        assertThat(doPedido).isNotNull();
        assertThat(doPedido.get("notasFiscais")).hasSize(2);
        assertThat(doPedido.get("notasFiscais").get(0).get("situacao").asText()).isEqualTo("CANCELADA");
        assertThat(doPedido.get("notasFiscais").get(1).get("modelo").asText()).isEqualTo("56");
        assertThat(doPedido.get("notasFiscais").get(1).get("chave").isNull()).isTrue();
        assertThat(doPedido.get("notasFiscais").get(1).get("serie").isNull()).isTrue();

        Resposta removida = api.delete(caminho(pedido) + "/" + id).token(loja.token()).enviar();
        assertThat(removida.status()).as(removida.toString()).isEqualTo(200);
        assertThat(removida.json().get("id").asText()).isEqualTo(id);
        assertThat(removida.json().get("removido").asBoolean()).isTrue();
        assertThat(api.get(caminho(pedido) + "/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        assertThat(baixar(loja, pedido, id, "?arquivo=xml").statusCode()).isEqualTo(404);
        assertThat(api.delete(caminho(pedido) + "/" + id).token(loja.token()).enviar().status()).isEqualTo(404);
        JsonNode depois = pedidoJson(loja, pedido);
        assertThat(depois.get("notasFiscais")).hasSize(1);
        assertThat(depois.get("notasFiscais").get(0).get("modelo").asText()).isEqualTo("56");
        assertThat(depois.get("status").asText()).isEqualTo(status);

        // Removed, the key is free again: sent anew it is a new invoice.
        Resposta denovo = enviar(Formato.XML, loja, pedido, nota.xml());
        assertThat(denovo.status()).as(denovo.toString()).isEqualTo(201);
        assertThat(denovo.texto("id")).isNotEqualTo(id);
    }

    @Test
    void fiscalDocumentDetectaOTipoPeloConteudoNaoPeloNome() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        XmlsFiscais.Nfe nota = nfe();
        byte[] pdf = XmlsFiscais.pdf();
        Resposta criada = new Multipart()
                .arquivo("fiscal_document", "nota.xml", "application/xml", pdf)
                .arquivo("fiscal_document", "danfe.pdf", "application/octet-stream", nota.xml())
                .enviar(loja, caminho(pedido));
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        assertThat(criada.json().get("temPdf").asBoolean()).isTrue();
        assertThat(criada.json().get("chave").asText()).isEqualTo(nota.chave());
        assertThat(baixar(loja, pedido, criada.texto("id"), "?arquivo=pdf").body()).isEqualTo(pdf);

        Resposta doisXml = new Multipart()
                .arquivo("fiscal_document", "a.xml", "application/xml", nfe().xml())
                .arquivo("fiscal_document", "b.xml", "application/xml", nfe().xml())
                .enviar(loja, caminho(pedido));
        assertThat(doisXml.status()).isEqualTo(400);
        Resposta nemUmNemOutro = new Multipart()
                .arquivo("fiscal_document", "a.txt", "text/plain", "olá".getBytes())
                .enviar(loja, caminho(pedido));
        assertThat(nemUmNemOutro.status()).isEqualTo(400);
        assertThat(nemUmNemOutro.texto("erro")).contains("não é XML nem PDF");
        // The XML as a plain form field (curl -F 'xml=<nota.xml') is read too.
        XmlsFiscais.Nfe outra = nfe();
        Resposta campo = new Multipart().campo("xml", new String(outra.xml(), StandardCharsets.UTF_8))
                                        .enviar(loja, caminho(pedido));
        assertThat(campo.status()).as(campo.toString()).isEqualTo(201);
        assertThat(notas(loja, pedido)).hasSize(2);
    }

    @Test
    void pdfInvalidoOuGrandeERecusadoSemGravarNada() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        for (Formato formato : List.of(Formato.MULTIPART, Formato.JSON)) {
            for (byte[] ruim : List.of(XmlsFiscais.pdfInvalido(), XmlsFiscais.pdfTruncado(), new byte[0])) {
                Resposta recusada = enviar(formato, loja, pedido.id(), nfe().xml(), ruim);
                assertThat(recusada.status()).as(recusada.toString()).isEqualTo(400);
                assertThat(recusada.texto("erro")).startsWith("PDF inválido");
            }
            byte[] grande = XmlsFiscais.pdfDeTamanho(5 * 1024 * 1024 + 1);
            Resposta acima = enviar(formato, loja, pedido.id(), nfe().xml(), grande);
            assertThat(acima.status()).as(acima.toString()).isEqualTo(413);
            assertThat(acima.texto("erro")).contains("5 MiB");
            byte[] noLimite = XmlsFiscais.pdfDeTamanho(5 * 1024 * 1024);
            Resposta aceito = enviar(formato, loja, pedido.id(), nfe().xml(), noLimite);
            assertThat(aceito.status()).as(aceito.toString()).isEqualTo(201);
        }
        assertThat(notas(loja, pedido)).hasSize(2);
    }

    @Test
    void outroContentTypeE415EOsDoisXmlNoJsonE400() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        for (String tipo : List.of("text/plain", "application/pdf", "application/octet-stream")) {
            Resposta recusada = api.post(caminho(pedido)).token(loja.token()).corpo(tipo, nfe().xml()).enviar();
            assertThat(recusada.status()).as(recusada.toString()).isEqualTo(415);
            assertThat(recusada.texto("erro")).isNotBlank();
        }
        Resposta dois = enviarJson(loja, pedido, "{\"xml\":\"<a/>\",\"xmlBase64\":\"PGEvPg==\"}");
        assertThat(dois.status()).isEqualTo(400);
        Resposta base64 = enviarJson(loja, pedido, "{\"xmlBase64\":\"não é base64!\"}");
        assertThat(base64.status()).isEqualTo(400);
        assertThat(base64.texto("erro")).contains("xmlBase64");
        Resposta nada = enviarJson(loja, pedido, "{}");
        assertThat(nada.status()).isEqualTo(400);
        Resposta pdfSemChave = enviarJson(loja, pedido, "{\"pdfBase64\":\"" + base64(XmlsFiscais.pdf()) + "\"}");
        assertThat(pdfSemChave.status()).isEqualTo(400);
        assertThat(pdfSemChave.texto("erro")).contains("chave");
        XmlsFiscais.Nfe nota = nfe();
        Resposta chaveDiferente = enviarJson(loja, pedido, "{\"xmlBase64\":\"" + base64(nota.xml())
                + "\",\"chave\":\"" + nfe().chave() + "\"}");
        assertThat(chaveDiferente.status()).isEqualTo(400);
        assertThat(chaveDiferente.texto("erro")).contains("difere da chave do XML");
        Resposta desconhecida = new Multipart().arquivo("anexo", "x.xml", "application/xml", nota.xml())
                                               .enviar(loja, caminho(pedido));
        assertThat(desconhecida.status()).isEqualTo(400);
        assertThat(notas(loja, pedido)).isEmpty();
    }

    @Test
    void envioSimultaneoDaMesmaNotaVinculaUmaVez() throws Exception {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        Pedido outro = pedido(loja);
        XmlsFiscais.Nfe nota = nfe();
        List<Integer> mesmoPedido = EmParalelo.executar(8, i -> enviar(Formato.XML, loja, pedido, nota.xml()))
                                              .stream().map(Resposta::status).toList();
        assertThat(mesmoPedido).containsOnly(201, 200).filteredOn(s -> s == 201).hasSize(1);
        assertThat(notas(loja, pedido)).hasSize(1);

        XmlsFiscais.Nfe disputada = nfe();
        List<Integer> doisPedidos = EmParalelo.executar(8,
                i -> enviar(Formato.XML, loja, i % 2 == 0 ? pedido : outro, disputada.xml()))
                                              .stream().map(Resposta::status).toList();
        assertThat(doisPedidos).filteredOn(s -> s == 201).hasSize(1);
        assertThat(doisPedidos).filteredOn(s -> s == 409).hasSize(4);
        // The first order has the first invoice; the disputed one went to exactly one of the two.
        assertThat(notas(loja, pedido).size() + notas(loja, outro).size()).isEqualTo(2);
    }

    @Test
    void pedidoExcluidoLevaSuasNotasELiberaAsChaves() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        XmlsFiscais.Nfe nota = nfe();
        String notaId = enviar(Formato.XML, loja, pedido, nota.xml()).texto("id");
        Resposta cancelado = api.metodo("PATCH", "/v1/pedidos/" + pedido.id()).token(loja.token())
                                .json("{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"desistiu\"}").enviar();
        assertThat(cancelado.status()).as(cancelado.toString()).isEqualTo(200);
        Resposta excluido = api.delete("/v1/pedidos/" + pedido.id()).token(loja.token()).enviar();
        assertThat(excluido.status()).as(excluido.toString()).isEqualTo(200);
        assertThat(api.get(caminho(pedido) + "/" + notaId).token(loja.token()).enviar().status()).isEqualTo(404);

        Pedido novo = pedido(loja);
        Resposta mesmaChave = enviar(Formato.XML, loja, novo, nota.xml());
        assertThat(mesmaChave.status()).as(mesmaChave.toString()).isEqualTo(201);
        assertThat(mesmaChave.texto("id")).isNotEqualTo(notaId);
    }
}
