package br.com.lojaapi.notafiscal;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static br.com.lojaapi.command.notafiscal.XmlsFiscais.CNPJ_ALFANUMERICO;
import static br.com.lojaapi.command.notafiscal.XmlsFiscais.CNPJ_DESTINATARIO;
import static br.com.lojaapi.command.notafiscal.XmlsFiscais.CNPJ_EMITENTE;
import static br.com.lojaapi.command.notafiscal.XmlsFiscais.CPF_DESTINATARIO;
import static br.com.lojaapi.command.notafiscal.XmlsFiscais.ID_ESTRANGEIRO;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every kind of XML of the generated corpus, posted in each of the three formats (raw XML, multipart, JSON with
 * Base64): the status, {@code acao}, {@code situacao}, every field read and every warning, and that a refused
 * file leaves the order without invoices.
 */
class NotaFiscalCorpusApiTest extends TesteDeNotasFiscais {

    private static final String SEM_PROTOCOLO =
            "XML sem protocolo de autorização: a autorização da nota não foi comprovada";
    private static final String HOMOLOGACAO = "Nota emitida em ambiente de homologação (teste), sem valor fiscal";

    private LojaDeTeste loja;

    private LojaDeTeste loja() {
        if (loja == null) {
            loja = lojaEmitente();
        }
        return loja;
    }

    /** Posts to a new order and checks the invoice that came out against the corpus NF-e it was built from. */
    private Resposta criar(Formato formato, XmlsFiscais.Nfe nota, List<String> avisos) {
        Pedido pedido = pedido(loja());
        Resposta criada = enviar(formato, loja(), pedido, nota.xml());
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        JsonNode n = criada.json();
        assertThat(n.get("acao").asText()).isEqualTo("criada");
        assertThat(n.get("situacao").asText()).isEqualTo("AUTORIZADA");
        assertThat(n.get("chave").asText()).isEqualTo(nota.chave());
        assertThat(n.get("numero").asText()).isEqualTo(String.valueOf(nota.numero()));
        assertThat(n.get("serie").asText()).isEqualTo(String.valueOf(nota.serie()));
        assertThat(n.get("modelo").asText()).isEqualTo(nota.modelo());
        assertThat(n.get("codigoVerificacao").isNull()).isTrue();
        assertThat(OffsetDateTime.parse(n.get("dataEmissao").asText()))
                .isEqualTo(OffsetDateTime.parse(nota.dataEmissao()));
        assertThat(n.get("valorTotal").decimalValue()).isEqualByComparingTo(nota.valor());
        assertThat(n.get("cnpjEmitente").asText()).isEqualTo(nota.emitente());
        if (nota.destinatario() == null) {
            assertThat(n.get("documentoDestinatario").isNull()).isTrue();
        } else {
            assertThat(n.get("documentoDestinatario").asText()).isEqualTo(nota.destinatario());
        }
        if (avisos.contains(SEM_PROTOCOLO)) {
            assertThat(n.get("protocolo").isNull()).isTrue();
        } else {
            assertThat(n.get("protocolo").asText()).isEqualTo(nota.protocolo());
        }
        assertThat(n.get("canceladaEm").isNull()).isTrue();
        assertThat(n.get("temXml").asBoolean()).isTrue();
        assertThat(n.get("temPdf").asBoolean()).isFalse();
        assertThat(n.get("temXmlCancelamento").asBoolean()).isFalse();
        assertThat(n.get("origem").asText()).isEqualTo("API");
        assertThat(n.get("criadoEm").asText()).isNotBlank();
        assertThat(avisos(criada)).containsExactlyElementsOf(avisos);
        // What the POST answered is what a GET reads.
        Resposta lida = api.get(caminho(pedido) + "/" + n.get("id").asText()).token(loja().token()).enviar();
        assertThat(lida.json().get("chave")).isEqualTo(n.get("chave"));
        assertThat(lida.json().get("avisos")).isEqualTo(n.get("avisos"));
        assertThat(lida.json().has("acao")).isFalse();
        return criada;
    }

    /** Refused with this status and a message containing {@code trecho}; the order has no invoice after it. */
    private void recusar(Formato formato, byte[] xml, int status, String trecho) {
        Pedido pedido = pedido(loja());
        Resposta recusada = enviar(formato, loja(), pedido, xml);
        assertThat(recusada.status()).as(recusada.toString()).isEqualTo(status);
        assertThat(recusada.texto("erro")).contains(trecho);
        assertThat(recusada.corpo()).doesNotContain("Exception").doesNotContain("at br.com");
        assertThat(notas(loja(), pedido)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void nfeAutorizadaComProtocolo100Ou150(Formato formato) {
        criar(formato, nfe(), List.of(SEM_PDF));
        criar(formato, nfe().comCStat(150), List.of(SEM_PDF));
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void nfeSemProtocoloEAceitaComAviso(Formato formato) {
        criar(formato, nfe().semProtocolo(), List.of(SEM_PROTOCOLO, SEM_PDF));
        criar(formato, nfe().bare(), List.of(SEM_PROTOCOLO, SEM_PDF));
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void denegadaOuRejeitadaE400(Formato formato) {
        for (int cStat : new int[]{110, 301, 302, 539}) {
            recusar(formato, nfe().comCStat(cStat).xml(), 400, String.valueOf(cStat));
        }
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void nfce(Formato formato) {
        Resposta criada = criar(formato, nfe().nfce(), List.of(SEM_PDF));
        assertThat(criada.texto("modelo")).isEqualTo("65");
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void ambienteDeTesteAvisa(Formato formato) {
        criar(formato, nfe().comAmbienteDeTeste(), List.of(HOMOLOGACAO, SEM_PDF));
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void cadaDivergenciaComOPedidoOuALojaAvisa(Formato formato) {
        criar(formato, nfe().comEmitente(CNPJ_DESTINATARIO), List.of("Emitente da nota (" + CNPJ_DESTINATARIO
                + ") difere do CNPJ da loja (" + CNPJ_EMITENTE + ")", SEM_PDF));
        criar(formato, nfe().comDestinatarioCnpj(CNPJ_DESTINATARIO), List.of("Destinatário da nota ("
                + CNPJ_DESTINATARIO + ") difere do documento do cliente do pedido (" + CPF_DESTINATARIO + ")", SEM_PDF));
        criar(formato, nfe().comDestinatarioEstrangeiro(ID_ESTRANGEIRO), List.of("Destinatário da nota ("
                + ID_ESTRANGEIRO + ") difere do documento do cliente do pedido (" + CPF_DESTINATARIO + ")", SEM_PDF));
        criar(formato, nfe().comValor("150.00"), List.of("Valor da nota (150.00) difere do total do pedido ("
                + VALOR + ")", SEM_PDF));
        criar(formato, nfe().semDestinatario(), List.of(SEM_PDF));
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void chaveComCnpjAlfanumerico(Formato formato) {
        XmlsFiscais.Nfe nota = nfe().comCnpjAlfanumerico();
        assertThat(nota.chave().substring(6, 20)).isEqualTo(CNPJ_ALFANUMERICO);
        criar(formato, nota, List.of("Emitente da nota (" + CNPJ_ALFANUMERICO + ") difere do CNPJ da loja ("
                + CNPJ_EMITENTE + ")", SEM_PDF));
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void cancelamentoHomologado110111Ou110112Cancela(Formato formato) {
        for (String tipo : List.of("110111", "110112")) {
            Pedido pedido = pedido(loja());
            XmlsFiscais.Nfe nota = "110111".equals(tipo) ? nfe() : nfe().nfce();
            Resposta criada = enviar(formato, loja(), pedido, nota.xml());
            assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
            byte[] evento = "110111".equals(tipo) ? XmlsFiscais.cancelamento(nota, 135)
                    : XmlsFiscais.cancelamentoPorSubstituicao(nota.chave(), nfe().nfce().chave(), nota.protocolo(), 135);
            Resposta cancelada = enviar(formato, loja(), pedido, evento);
            assertThat(cancelada.status()).as(tipo + " " + cancelada).isEqualTo(200);
            JsonNode c = cancelada.json();
            assertThat(c.get("acao").asText()).isEqualTo("cancelada");
            assertThat(c.get("situacao").asText()).isEqualTo("CANCELADA");
            assertThat(c.get("id").asText()).isEqualTo(criada.texto("id"));
            assertThat(c.get("canceladaEm").isNull()).isFalse();
            if ("110111".equals(tipo)) {
                assertThat(OffsetDateTime.parse(c.get("canceladaEm").asText()))
                        .isEqualTo(OffsetDateTime.parse(nota.dataRecebimento()).plusMinutes(40).plusSeconds(3));
            }
            assertThat(c.get("temXmlCancelamento").asBoolean()).isTrue();
            assertThat(c.get("chave").asText()).isEqualTo(nota.chave());
            assertThat(c.get("protocolo").asText()).isEqualTo(nota.protocolo());
            // Sent again, it changes nothing and still says cancelada.
            Resposta denovo = enviar(formato, loja(), pedido, evento);
            assertThat(denovo.status()).isEqualTo(200);
            assertThat(denovo.texto("acao")).isEqualTo("cancelada");
            assertThat(denovo.json().get("versao")).isEqualTo(c.get("versao"));
            assertThat(notas(loja(), pedido)).hasSize(1);
        }
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void cancelamentoDeNotaNuncaEnviadaE404ENaoHomologadoE400(Formato formato) {
        recusar(formato, XmlsFiscais.cancelamento(nfe(), 135), 404, "não foi enviada");
        recusar(formato, XmlsFiscais.cancelamento(nfe(), 573), 400, "573");
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void cartaDeCorrecaoEOutrosEventosSaoRecusadosMesmoComChaveDesconhecida(Formato formato) {
        recusar(formato, XmlsFiscais.cartaDeCorrecao(nfe().chave()), 400, "110110");
        Pedido pedido = pedido(loja());
        XmlsFiscais.Nfe nota = nfe();
        assertThat(enviar(formato, loja(), pedido, nota.xml()).status()).isEqualTo(201);
        Resposta carta = enviar(formato, loja(), pedido, XmlsFiscais.cartaDeCorrecao(nota.chave()));
        assertThat(carta.status()).as(carta.toString()).isEqualTo(400);
        assertThat(notas(loja(), pedido).get(0).get("situacao").asText()).isEqualTo("AUTORIZADA");
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void mensagensDeTransporteDizemOQueOArquivoE(Formato formato) {
        XmlsFiscais.Nfe nota = nfe();
        Map<String, byte[]> casos = new LinkedHashMap<>();
        casos.put("enviNFe", XmlsFiscais.enviNFe(nota));
        casos.put("retEnviNFe", XmlsFiscais.retEnviNFe(nota));
        casos.put("consReciNFe", XmlsFiscais.consReciNFe(XmlsFiscais.NREC_PADRAO));
        casos.put("retConsReciNFe", XmlsFiscais.retConsReciNFe(XmlsFiscais.NREC_PADRAO, nota));
        casos.put("consSitNFe", XmlsFiscais.consSitNFe(nota.chave()));
        casos.put("retConsSitNFe", XmlsFiscais.retConsSitNFe(nota, false));
        casos.put("inutNFe", XmlsFiscais.inutNFe(CNPJ_EMITENTE, 1, 10, 20));
        casos.put("retInutNFe", XmlsFiscais.retInutNFe(CNPJ_EMITENTE, 1, 10, 20));
        casos.put("ProcInutNFe", XmlsFiscais.procInutNFe(CNPJ_EMITENTE, 1, 10, 20));
        casos.put("envEvento", XmlsFiscais.envEvento(nota.chave(), nota.protocolo()));
        casos.put("retEnvEvento", XmlsFiscais.retEnvEvento(nota.chave(), 135));
        casos.forEach((raiz, xml) -> recusar(formato, xml, 400, "(" + raiz + ")"));
        recusar(formato, XmlsFiscais.soap(nota.xml()), 400, "envelope SOAP");
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void nfseAbrasfAutorizadaECancelada(Formato formato) {
        for (String versao : List.of("1.00", "2.01", "2.02", "2.04")) {
            String numero = String.valueOf(NUMERO_NFSE.incrementAndGet());
            XmlsFiscais.Nfse nfse = XmlsFiscais.Nfse.abrasf(versao).comNumero(numero).comValor(VALOR);
            Pedido pedido = pedido(loja());
            Resposta criada = enviar(formato, loja(), pedido, nfse.xml());
            assertThat(criada.status()).as(versao + " " + criada).isEqualTo(201);
            JsonNode n = criada.json();
            assertThat(n.get("acao").asText()).isEqualTo("criada");
            assertThat(n.get("situacao").asText()).isEqualTo("AUTORIZADA");
            assertThat(n.get("modelo").asText()).isEqualTo("56");
            assertThat(n.get("chave").isNull()).isTrue();
            assertThat(n.get("serie").isNull()).isTrue();
            assertThat(n.get("numero").asText()).isEqualTo(numero);
            assertThat(n.get("codigoVerificacao").asText()).isEqualTo(nfse.codigoVerificacao());
            assertThat(OffsetDateTime.parse(n.get("dataEmissao").asText()))
                    .isEqualTo(OffsetDateTime.parse("2026-11-20T10:15:00-03:00"));
            assertThat(n.get("valorTotal").decimalValue()).isEqualByComparingTo(VALOR);
            assertThat(n.get("cnpjEmitente").asText()).isEqualTo(CNPJ_EMITENTE);
            assertThat(n.get("documentoDestinatario").asText()).isEqualTo(CPF_DESTINATARIO);
            assertThat(n.get("protocolo").isNull()).isTrue();
            assertThat(n.get("canceladaEm").isNull()).isTrue();
            assertThat(avisos(criada)).containsExactly(SEM_PDF);

            // The same NFS-e again, now carrying its cancellation block: the same invoice, cancelled.
            Resposta cancelada = enviar(formato, loja(), pedido, nfse.cancelada("2026-11-21T08:00:00").xml());
            assertThat(cancelada.status()).as(versao + " " + cancelada).isEqualTo(200);
            assertThat(cancelada.texto("acao")).isEqualTo("cancelada");
            assertThat(cancelada.texto("situacao")).isEqualTo("CANCELADA");
            assertThat(cancelada.texto("id")).isEqualTo(n.get("id").asText());
            assertThat(OffsetDateTime.parse(cancelada.texto("canceladaEm")))
                    .isEqualTo(OffsetDateTime.parse("2026-11-21T08:00:00-03:00"));

            // One that arrives already cancelled enters as CANCELADA.
            String outro = String.valueOf(NUMERO_NFSE.incrementAndGet());
            Resposta jaCancelada = enviar(formato, loja(), pedido(loja()), XmlsFiscais.Nfse.abrasf(versao)
                    .comNumero(outro).comValor(VALOR).cancelada("2026-11-21T09:00:00").xml());
            assertThat(jaCancelada.status()).as(versao + " " + jaCancelada).isEqualTo(201);
            assertThat(jaCancelada.texto("acao")).isEqualTo("criada");
            assertThat(jaCancelada.texto("situacao")).isEqualTo("CANCELADA");
            assertThat(OffsetDateTime.parse(jaCancelada.texto("canceladaEm")))
                    .isEqualTo(OffsetDateTime.parse("2026-11-21T09:00:00-03:00"));
        }
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void xxeEExpansaoDeEntidadesSaoRecusadosSemTocarRedeOuDisco(Formato formato) throws IOException {
        AtomicInteger acessos = new AtomicInteger();
        HttpServer servidor = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        servidor.createContext("/", troca -> {
            acessos.incrementAndGet();
            troca.sendResponseHeaders(200, -1);
            troca.close();
        });
        servidor.start();
        try {
            String url = "http://127.0.0.1:" + servidor.getAddress().getPort() + "/dtd";
            recusar(formato, XmlsFiscais.xxeRede(url), 400, "DOCTYPE");
            recusar(formato, XmlsFiscais.xxeArquivo(), 400, "DOCTYPE");
            recusar(formato, XmlsFiscais.billionLaughs(), 400, "DOCTYPE");
            recusar(formato, XmlsFiscais.comDoctype(), 400, "DOCTYPE");
        } finally {
            servidor.stop(0);
        }
        assertThat(acessos).hasValue(0);
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void vazioMalformadoOuNaoFiscalE400(Formato formato) {
        recusar(formato, XmlsFiscais.vazio(), 400, "vazio");
        recusar(formato, XmlsFiscais.soEspacos(), 400, "vazio");
        recusar(formato, XmlsFiscais.malformado(), 400, "malformado");
        recusar(formato, XmlsFiscais.naoFiscal(), 400, "não é uma NF-e");
        recusar(formato, XmlsFiscais.semNamespace(), 400, "não é uma NF-e");
    }

    @ParameterizedTest
    @EnumSource(Formato.class)
    void xmlAcimaDe2MiBE413ENoLimiteEAceito(Formato formato) {
        recusar(formato, XmlsFiscais.grande(2 * 1024 * 1024 + 1), 413, "2 MiB");
        Resposta noLimite = enviar(formato, loja(), pedido(loja()), XmlsFiscais.grande(2 * 1024 * 1024));
        assertThat(noLimite.status()).as(noLimite.toString()).isEqualTo(201);
    }

    private static final AtomicInteger NUMERO_NFSE = new AtomicInteger((int) (System.nanoTime() % 1_000_000));
}
