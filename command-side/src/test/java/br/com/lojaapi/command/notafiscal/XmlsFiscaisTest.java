package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.command.notafiscal.XmlsFiscais.Nfe;
import br.com.lojaapi.command.notafiscal.XmlsFiscais.Nfse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static br.com.lojaapi.command.notafiscal.XmlsFiscais.NS_DSIG;
import static br.com.lojaapi.command.notafiscal.XmlsFiscais.NS_NFE;
import static br.com.lojaapi.command.notafiscal.XmlsFiscais.NS_NFSE_100;
import static br.com.lojaapi.command.notafiscal.XmlsFiscais.NS_NFSE_20X;
import static br.com.lojaapi.command.notafiscal.XmlsFiscais.NS_SOAP12;
import static br.com.lojaapi.command.notafiscal.XmlsFiscais.NS_WSDL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Proves the fixture generator: keys, well-formedness, roots, namespaces and the fields a reader looks for. */
class XmlsFiscaisTest {

    private static final String CHAVE_MOC_43 = "5206043300991100250655012000000780026730161";
    private static final String CHAVE_ALFANUMERICA_S9 = "3526050X0J92JY000196570010000006041448679011";

    // ------------------------------------------------------------------ access key

    @Test
    void digitoDoExemploDoManualDeIntegracaoE5() {
        assertThat(XmlsFiscais.digitoVerificador(CHAVE_MOC_43)).isEqualTo(5).isEqualTo(dvIndependente(CHAVE_MOC_43));
        assertThat(XmlsFiscais.chave("52", "0604", "33009911002506", "55", 12, 780, 0, "26730161"))
                .isEqualTo(CHAVE_MOC_43 + "5");
    }

    @Test
    void chaveComCnpjAlfanumericoDoExemploEValidaComDigito1() {
        assertThat(XmlsFiscais.digitoVerificador(CHAVE_ALFANUMERICA_S9.substring(0, 43))).isEqualTo(1);
        assertThat(XmlsFiscais.chaveValida(CHAVE_ALFANUMERICA_S9)).isTrue();
        assertThat(XmlsFiscais.chave("35", "2605", "0X0J92JY000196", "57", 1, 604, "44867901"))
                .isEqualTo(CHAVE_ALFANUMERICA_S9);
    }

    @Test
    void chaveNumericaConstruidaTemLayoutEDigitoCertos() {
        String chave = XmlsFiscais.chave("35", "2611", "11222333000181", "55", 1, 1234, "40213877");

        assertThat(chave).hasSize(44).matches("[0-9]{44}")
                         .startsWith("352611" + "11222333000181" + "55" + "001" + "000001234" + "1" + "40213877");
        assertThat(chave.charAt(43) - '0').isEqualTo(dvIndependente(chave.substring(0, 43)));
        assertThat(XmlsFiscais.chaveValida(chave)).isTrue();
    }

    @Test
    void chaveAlfanumericaConstruidaTemLayoutEDigitoCertos() {
        String chave = XmlsFiscais.chave("35", "2611", XmlsFiscais.CNPJ_ALFANUMERICO, "65", 3, 77, "51827364");

        assertThat(chave).hasSize(44).matches("[0-9]{6}[0-9A-Z]{12}[0-9]{26}").contains("12ABC34501DE35");
        assertThat(chave.charAt(43) - '0').isEqualTo(dvIndependente(chave.substring(0, 43)));
        assertThat(XmlsFiscais.chaveValida(chave)).isTrue();
        assertThat(XmlsFiscais.chaveValida(chave.substring(0, 43) + (char) ('0' + (chave.charAt(43) - '0' + 1) % 10)))
                .isFalse();
    }

    @Test
    void digitoEZeroQuandoORestoE0Ou1() {
        List<Integer> restos = new ArrayList<>();
        for (int cNF = 10_000_000; restos.size() < 2 || !restos.contains(0) || !restos.contains(1); cNF++) {
            String chave43 = "35261111222333000181550010000012341" + cNF;
            int resto = soma(chave43) % 11;
            if (resto < 2) {
                assertThat(XmlsFiscais.digitoVerificador(chave43)).as(chave43).isZero();
                restos.add(resto);
            }
        }
    }

    @Test
    void chaveRecusaPartesForaDoLayout() {
        assertThatThrownBy(() -> XmlsFiscais.chave("3", "2611", "11222333000181", "55", 1, 1, "40213877"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> XmlsFiscais.chave("35", "2611", "1122233300018", "55", 1, 1, "40213877"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> XmlsFiscais.chave("35", "2611", "11222333000181", "55", 1000, 1, "40213877"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> XmlsFiscais.digitoVerificador("352611")).isInstanceOf(IllegalArgumentException.class);
    }

    // ------------------------------------------------------------------ every document: well-formed, right root

    static Stream<Arguments> documentos() {
        Nfe nota = Nfe.padrao();
        String chave = nota.chave();
        String nProt = nota.protocolo();
        String cnpj = XmlsFiscais.CNPJ_EMITENTE;
        return Stream.of(
                arguments("nfeProc padrão", nota.xml(), "nfeProc", NS_NFE),
                arguments("NFe bare", nota.bare().xml(), "NFe", NS_NFE),
                arguments("NFe sem protocolo", nota.semProtocolo().xml(), "NFe", NS_NFE),
                arguments("NFC-e", nota.nfce().xml(), "nfeProc", NS_NFE),
                arguments("NFC-e de homologação", nota.nfce().comAmbienteDeTeste().xml(), "nfeProc", NS_NFE),
                arguments("NFC-e em contingência", nota.nfce().comTipoEmissao(9).xml(), "nfeProc", NS_NFE),
                arguments("autorizada fora de prazo", nota.comCStat(150).xml(), "nfeProc", NS_NFE),
                arguments("denegada 110", nota.comCStat(110).xml(), "nfeProc", NS_NFE),
                arguments("denegada 301", nota.comCStat(301).xml(), "nfeProc", NS_NFE),
                arguments("denegada 302", nota.comCStat(302).xml(), "nfeProc", NS_NFE),
                arguments("rejeitada 539", nota.comCStat(539).xml(), "nfeProc", NS_NFE),
                arguments("destinatário CNPJ", nota.comDestinatarioCnpj(XmlsFiscais.CNPJ_DESTINATARIO).xml(), "nfeProc", NS_NFE),
                arguments("destinatário estrangeiro", nota.comDestinatarioEstrangeiro(XmlsFiscais.ID_ESTRANGEIRO).xml(), "nfeProc", NS_NFE),
                arguments("sem destinatário", nota.semDestinatario().xml(), "nfeProc", NS_NFE),
                arguments("emitente CPF", nota.comEmitenteCpf("52998224725").xml(), "nfeProc", NS_NFE),
                arguments("CNPJ alfanumérico", nota.comCnpjAlfanumerico().xml(), "nfeProc", NS_NFE),
                arguments("com BOM", XmlsFiscais.comBom(nota.xml()), "nfeProc", NS_NFE),
                arguments("cancelamento 135", XmlsFiscais.cancelamento(chave, nProt, 135), "procEventoNFe", NS_NFE),
                arguments("cancelamento 136", XmlsFiscais.cancelamento(chave, nProt, 136), "procEventoNFe", NS_NFE),
                arguments("cancelamento 155", XmlsFiscais.cancelamento(nota, 155), "procEventoNFe", NS_NFE),
                arguments("cancelamento 573", XmlsFiscais.cancelamento(chave, nProt, 573), "procEventoNFe", NS_NFE),
                arguments("cancelamento por substituição", XmlsFiscais.cancelamentoPorSubstituicao(
                        nota.nfce().comTipoEmissao(9).chave(), nota.nfce().chave(), nProt, 135), "procEventoNFe", NS_NFE),
                arguments("carta de correção", XmlsFiscais.cartaDeCorrecao(chave), "procEventoNFe", NS_NFE),
                arguments("enviNFe", XmlsFiscais.enviNFe(nota), "enviNFe", NS_NFE),
                arguments("retEnviNFe", XmlsFiscais.retEnviNFe(nota), "retEnviNFe", NS_NFE),
                arguments("retEnviNFe recebido", XmlsFiscais.retEnviNFeRecebido(XmlsFiscais.NREC_PADRAO), "retEnviNFe", NS_NFE),
                arguments("consReciNFe", XmlsFiscais.consReciNFe(XmlsFiscais.NREC_PADRAO), "consReciNFe", NS_NFE),
                arguments("retConsReciNFe", XmlsFiscais.retConsReciNFe(XmlsFiscais.NREC_PADRAO, nota), "retConsReciNFe", NS_NFE),
                arguments("consSitNFe", XmlsFiscais.consSitNFe(chave), "consSitNFe", NS_NFE),
                arguments("retConsSitNFe", XmlsFiscais.retConsSitNFe(nota, false), "retConsSitNFe", NS_NFE),
                arguments("retConsSitNFe cancelada", XmlsFiscais.retConsSitNFe(nota, true), "retConsSitNFe", NS_NFE),
                arguments("inutNFe", XmlsFiscais.inutNFe(cnpj, 1, 10, 12), "inutNFe", NS_NFE),
                arguments("retInutNFe", XmlsFiscais.retInutNFe(cnpj, 1, 10, 12), "retInutNFe", NS_NFE),
                arguments("ProcInutNFe", XmlsFiscais.procInutNFe(cnpj, 1, 10, 12), "ProcInutNFe", NS_NFE),
                arguments("envEvento", XmlsFiscais.envEvento(chave, nProt), "envEvento", NS_NFE),
                arguments("retEnvEvento", XmlsFiscais.retEnvEvento(chave, 135), "retEnvEvento", NS_NFE),
                arguments("SOAP enviNFe", XmlsFiscais.soap(XmlsFiscais.enviNFe(nota)), "Envelope", NS_SOAP12),
                arguments("SOAP retConsSitNFe", XmlsFiscais.soap(XmlsFiscais.retConsSitNFe(nota, false)), "Envelope", NS_SOAP12),
                arguments("SOAP nfeProc", XmlsFiscais.soap(nota.xml()), "Envelope", NS_SOAP12),
                arguments("NFS-e 1.00", Nfse.abrasf100().xml(), "CompNfse", NS_NFSE_100),
                arguments("NFS-e 1.00 cancelada", Nfse.abrasf100().cancelada("2026-11-21T09:00:00").xml(), "CompNfse", NS_NFSE_100),
                arguments("NFS-e 2.02", Nfse.abrasf202().comTomador(XmlsFiscais.CNPJ_DESTINATARIO).xml(), "CompNfse", NS_NFSE_20X),
                arguments("NFS-e 2.02 cancelada", Nfse.abrasf202().cancelada("2026-11-21T09:00:00").xml(), "CompNfse", NS_NFSE_20X),
                arguments("NFS-e 2.04", Nfse.abrasf204().xml(), "CompNfse", NS_NFSE_20X),
                arguments("NFS-e 2.04 cancelada", Nfse.abrasf204().cancelada("2026-11-21T09:00:00").xml(), "CompNfse", NS_NFSE_20X),
                arguments("não fiscal", XmlsFiscais.naoFiscal(), "pedido", "http://erp.exemplo.com.br/schemas/pedido"),
                arguments("sem namespace", XmlsFiscais.semNamespace(), "nfeProc", null),
                arguments("grande", XmlsFiscais.grande(200_000), "nfeProc", NS_NFE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documentos")
    void documentoEBemFormadoComRaizENamespaceCertos(String nome, byte[] xml, String raiz, String namespace) throws Exception {
        Element elemento = ler(xml).getDocumentElement();

        assertThat(elemento.getLocalName()).isEqualTo(raiz);
        assertThat(elemento.getNamespaceURI()).isEqualTo(namespace);
        assertThat(new String(xml, StandardCharsets.UTF_8)).doesNotContain("${").doesNotContain("@@");
    }

    // ------------------------------------------------------------------ NF-e / NFC-e

    @Test
    void nfeProcTemIdDaChaveProtocoloDaMesmaChaveEOrdemDoEsquema() throws Exception {
        Nfe nota = Nfe.padrao();
        String chave = nota.chave();
        Element raiz = ler(nota.xml()).getDocumentElement();
        Element nfe = filho(raiz, "NFe");
        Element infNFe = filho(nfe, "infNFe");
        Element infProt = filho(filho(raiz, "protNFe"), "infProt");

        assertThat(XmlsFiscais.chaveValida(chave)).isTrue();
        assertThat(raiz.getAttribute("versao")).isEqualTo("4.00");
        assertThat(nomes(raiz)).containsExactly("NFe", "protNFe");
        assertThat(nomes(nfe)).containsExactly("infNFe", "Signature");
        assertThat(nomes(infNFe)).containsExactly("ide", "emit", "dest", "det", "total", "transp", "pag", "infAdic", "infRespTec");
        assertThat(nomes(filho(infNFe, "ide"))).containsExactly("cUF", "cNF", "natOp", "mod", "serie", "nNF", "dhEmi",
                "tpNF", "idDest", "cMunFG", "tpImp", "tpEmis", "cDV", "tpAmb", "finNFe", "indFinal", "indPres",
                "indIntermed", "procEmi", "verProc");
        assertThat(infNFe.getAttribute("Id")).isEqualTo("NFe" + chave);
        assertThat(infNFe.getAttribute("versao")).isEqualTo("4.00");
        assertThat(texto(infProt, "chNFe")).isEqualTo(chave);
        assertThat(texto(infProt, "cStat")).isEqualTo("100");
        assertThat(texto(infProt, "xMotivo")).isEqualTo("Autorizado o uso da NF-e");
        assertThat(texto(infProt, "nProt")).matches("[0-9]{15}").isEqualTo(nota.protocolo());
        assertThat(infProt.getAttribute("Id")).isEqualTo("ID" + nota.protocolo());
        assertThat(nomes(infProt)).containsExactly("tpAmb", "verAplic", "chNFe", "dhRecbto", "nProt", "digVal", "cStat", "xMotivo");

        Element assinatura = filho(nfe, "Signature");
        Element referencia = filho(filho(assinatura, "SignedInfo"), "Reference");
        assertThat(assinatura.getNamespaceURI()).isEqualTo(NS_DSIG);
        assertThat(referencia.getAttribute("URI")).isEqualTo("#NFe" + chave);
        assertThat(texto(referencia, "DigestValue")).isEqualTo(texto(infProt, "digVal"));
        assertThat(nfe.getNamespaceURI()).isEqualTo(NS_NFE);
    }

    @Test
    void camposQueUmLeitorProcuraBatemComOBuilder() throws Exception {
        Nfe nota = Nfe.padrao().comSerie(7).comNumero(98765).comValor("1234.5")
                      .comDataEmissao("2026-12-01T09:15:00-03:00").comDestinatarioCnpj(XmlsFiscais.CNPJ_DESTINATARIO);
        Element infNFe = caminho(ler(nota.xml()).getDocumentElement(), "NFe", "infNFe");
        Element ide = filho(infNFe, "ide");

        assertThat(nota.chave()).startsWith("352612" + XmlsFiscais.CNPJ_EMITENTE + "55007000098765");
        assertThat(texto(ide, "mod")).isEqualTo("55");
        assertThat(texto(ide, "serie")).isEqualTo("7");
        assertThat(texto(ide, "nNF")).isEqualTo("98765");
        assertThat(texto(ide, "dhEmi")).isEqualTo("2026-12-01T09:15:00-03:00");
        assertThat(texto(ide, "cDV")).isEqualTo(nota.chave().substring(43));
        assertThat(texto(ide, "cNF")).isEqualTo(nota.chave().substring(35, 43));
        assertThat(texto(filho(infNFe, "emit"), "CNPJ")).isEqualTo(XmlsFiscais.CNPJ_EMITENTE);
        assertThat(texto(filho(infNFe, "dest"), "CNPJ")).isEqualTo(XmlsFiscais.CNPJ_DESTINATARIO);
        assertThat(texto(caminho(infNFe, "total", "ICMSTot"), "vNF")).isEqualTo("1234.50").isEqualTo(nota.valor());
        assertThat(texto(caminho(infNFe, "pag", "detPag"), "vPag")).isEqualTo("1234.50");
        assertThat(texto(caminho(infNFe, "det", "prod"), "vProd")).isEqualTo("1234.50");
    }

    @Test
    void codigoNumericoDerivadoEvitaValoresProibidos() {
        for (long nNF = 1; nNF <= 300; nNF++) {
            String cNF = Nfe.padrao().comNumero(nNF).chave().substring(35, 43);
            assertThat(cNF).matches("[0-9]{8}").isNotEqualTo("%08d".formatted(nNF)).isNotIn("12345678", "00000000");
            assertThat(cNF.chars().distinct().count()).isGreaterThan(1);
        }
    }

    @Test
    void cadaTipoDeDestinatarioUsaSuaTag() throws Exception {
        assertThat(nomes(dest(Nfe.padrao()))).startsWith("CPF", "xNome");
        assertThat(texto(dest(Nfe.padrao().comDestinatarioCpf("52998224725")), "CPF")).isEqualTo("52998224725");
        assertThat(texto(dest(Nfe.padrao().comDestinatarioCnpj(XmlsFiscais.CNPJ_DESTINATARIO)), "CNPJ"))
                .isEqualTo(XmlsFiscais.CNPJ_DESTINATARIO);
        Nfe exterior = Nfe.padrao().comDestinatarioEstrangeiro(XmlsFiscais.ID_ESTRANGEIRO);
        assertThat(texto(dest(exterior), "idEstrangeiro")).isEqualTo(XmlsFiscais.ID_ESTRANGEIRO);
        assertThat(texto(caminho(ler(exterior.xml()).getDocumentElement(), "NFe", "infNFe", "ide"), "idDest")).isEqualTo("3");
        assertThat(nomes(caminho(ler(Nfe.padrao().semDestinatario().xml()).getDocumentElement(), "NFe", "infNFe")))
                .doesNotContain("dest");
    }

    @Test
    void emitenteCpfVaiNaChaveCompletadoCom14() throws Exception {
        Nfe nota = Nfe.padrao().comEmitenteCpf("52998224725");
        Element emit = caminho(ler(nota.xml()).getDocumentElement(), "NFe", "infNFe", "emit");

        assertThat(nota.chave().substring(6, 20)).isEqualTo("00052998224725");
        assertThat(texto(emit, "CPF")).isEqualTo("52998224725");
        assertThat(XmlsFiscais.chaveValida(nota.chave())).isTrue();
    }

    @Test
    void cnpjAlfanumericoVaiNoEmitenteNaChaveENoId() throws Exception {
        Nfe nota = Nfe.padrao().comCnpjAlfanumerico();
        Element raiz = ler(nota.xml()).getDocumentElement();

        assertThat(nota.chave().substring(6, 20)).isEqualTo(XmlsFiscais.CNPJ_ALFANUMERICO);
        assertThat(XmlsFiscais.chaveValida(nota.chave())).isTrue();
        assertThat(texto(caminho(raiz, "NFe", "infNFe", "emit"), "CNPJ")).isEqualTo(XmlsFiscais.CNPJ_ALFANUMERICO);
        assertThat(caminho(raiz, "NFe", "infNFe").getAttribute("Id")).isEqualTo("NFe" + nota.chave());
        assertThat(texto(caminho(raiz, "protNFe", "infProt"), "chNFe")).isEqualTo(nota.chave());
        assertThatThrownBy(() -> Nfe.padrao().comCnpjAlfanumerico(XmlsFiscais.CNPJ_EMITENTE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void statusNegadosTemProtocoloERejeicaoNao() throws Exception {
        for (int cStat : new int[] {100, 150, 110, 301, 302}) {
            Element infProt = caminho(ler(Nfe.padrao().comCStat(cStat).xml()).getDocumentElement(), "protNFe", "infProt");
            assertThat(texto(infProt, "cStat")).isEqualTo(String.valueOf(cStat));
            assertThat(texto(infProt, "nProt")).as("cStat " + cStat).matches("[0-9]{15}");
        }
        Nfe rejeitada = Nfe.padrao().comCStat(539);
        Element infProt = caminho(ler(rejeitada.xml()).getDocumentElement(), "protNFe", "infProt");

        assertThat(rejeitada.protocolo()).isNull();
        assertThat(nomes(infProt)).doesNotContain("nProt");
        assertThat(infProt.hasAttribute("Id")).isFalse();
        assertThat(texto(infProt, "xMotivo")).startsWith("Rejeição: Duplicidade de NF-e");
        assertThatThrownBy(() -> Nfe.padrao().comCStat(204)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void autorizacaoForaDePrazoRecebidaDiasDepois() {
        Nfe nota = Nfe.padrao().comCStat(150);

        assertThat(nota.dataRecebimento()).isEqualTo("2026-11-22T14:30:00-03:00");
    }

    @Test
    void semProtocoloEBareSaoRaizNFeSemProtNFe() throws Exception {
        for (Nfe nota : List.of(Nfe.padrao().semProtocolo(), Nfe.padrao().bare())) {
            Element raiz = ler(nota.xml()).getDocumentElement();
            assertThat(raiz.getLocalName()).isEqualTo("NFe");
            assertThat(nomes(raiz)).containsExactly("infNFe", "Signature");
            assertThat(filho(raiz, "infNFe").getAttribute("Id")).isEqualTo("NFe" + nota.chave());
        }
        assertThat(Nfe.padrao().semProtocolo().protocolo()).isNull();
    }

    @Test
    void homologacaoUsaOsTextosFixos() throws Exception {
        Element nfe = caminho(ler(Nfe.padrao().comAmbienteDeTeste().xml()).getDocumentElement(), "NFe", "infNFe");
        Element nfce = caminho(ler(Nfe.padrao().nfce().comAmbienteDeTeste().xml()).getDocumentElement(), "NFe", "infNFe");
        Element protocolo = caminho(ler(Nfe.padrao().comAmbienteDeTeste().xml()).getDocumentElement(), "protNFe", "infProt");

        assertThat(texto(filho(nfe, "ide"), "tpAmb")).isEqualTo("2");
        assertThat(texto(protocolo, "tpAmb")).isEqualTo("2");
        assertThat(texto(filho(nfe, "dest"), "xNome")).isEqualTo(XmlsFiscais.TEXTO_HOMOLOGACAO_DEST);
        assertThat(texto(caminho(nfce, "det", "prod"), "xProd")).isEqualTo(XmlsFiscais.TEXTO_HOMOLOGACAO_ITEM);
        assertThat(texto(caminho(nfe, "det", "prod"), "xProd")).isNotEqualTo(XmlsFiscais.TEXTO_HOMOLOGACAO_ITEM);
        assertThat(texto(dest(Nfe.padrao()), "xNome")).isEqualTo("Maria Souza");
    }

    @Test
    void nfceTemModelo65QrCodeEUrlDaChave() throws Exception {
        Nfe nota = Nfe.padrao().nfce();
        Element nfe = filho(ler(nota.xml()).getDocumentElement(), "NFe");
        Element suplemento = filho(nfe, "infNFeSupl");

        assertThat(nota.chave().substring(20, 22)).isEqualTo("65");
        assertThat(nomes(nfe)).containsExactly("infNFe", "infNFeSupl", "Signature");
        assertThat(nomes(suplemento)).containsExactly("qrCode", "urlChave");
        assertThat(texto(suplemento, "qrCode"))
                .matches("https://www\\.nfce\\.fazenda\\.sp\\.gov\\.br/qrcode\\?p=" + nota.chave() + "\\|2\\|1\\|1\\|[0-9A-F]{40}");
        assertThat(texto(suplemento, "urlChave")).isEqualTo("https://www.nfce.fazenda.sp.gov.br/consulta");
        assertThat(texto(caminho(nfe, "infNFe", "ide"), "tpImp")).isEqualTo("4");
        assertThat(new String(nota.xml(), StandardCharsets.UTF_8)).contains("<qrCode><![CDATA[");
    }

    @Test
    void contingenciaInformaDhContEXJust() throws Exception {
        Nfe nota = Nfe.padrao().nfce().comTipoEmissao(9);
        Element ide = caminho(ler(nota.xml()).getDocumentElement(), "NFe", "infNFe", "ide");

        assertThat(nota.chave().charAt(34)).isEqualTo('9');
        assertThat(texto(ide, "tpEmis")).isEqualTo("9");
        assertThat(nomes(ide)).endsWith("verProc", "dhCont", "xJust");
    }

    // ------------------------------------------------------------------ events

    @Test
    void cancelamentoHomologadoTemEventoERetornoDaMesmaChave() throws Exception {
        Nfe nota = Nfe.padrao();
        Element raiz = ler(XmlsFiscais.cancelamento(nota.chave(), nota.protocolo(), 135)).getDocumentElement();
        Element evento = filho(raiz, "evento");
        Element infEvento = filho(evento, "infEvento");
        Element retorno = caminho(raiz, "retEvento", "infEvento");

        assertThat(raiz.getAttribute("versao")).isEqualTo("1.00");
        assertThat(nomes(raiz)).containsExactly("evento", "retEvento");
        assertThat(nomes(evento)).containsExactly("infEvento", "Signature");
        assertThat(infEvento.getAttribute("Id")).isEqualTo("ID110111" + nota.chave() + "01").matches("ID[0-9]{52}");
        assertThat(nomes(infEvento)).containsExactly("cOrgao", "tpAmb", "CNPJ", "chNFe", "dhEvento", "tpEvento",
                "nSeqEvento", "verEvento", "detEvento");
        assertThat(texto(infEvento, "chNFe")).isEqualTo(nota.chave());
        assertThat(texto(infEvento, "tpEvento")).isEqualTo("110111");
        assertThat(nomes(filho(infEvento, "detEvento"))).containsExactly("descEvento", "nProt", "xJust");
        assertThat(texto(filho(infEvento, "detEvento"), "nProt")).isEqualTo(nota.protocolo());
        assertThat(texto(retorno, "cStat")).isEqualTo("135");
        assertThat(texto(retorno, "chNFe")).isEqualTo(nota.chave());
        assertThat(texto(retorno, "tpEvento")).isEqualTo("110111");
        assertThat(texto(retorno, "nProt")).matches("[0-9]{15}");
        assertThat(retorno.getAttribute("Id")).isEqualTo("ID" + texto(retorno, "nProt"));
        assertThat(caminho(evento, "Signature", "SignedInfo", "Reference").getAttribute("URI"))
                .isEqualTo("#" + infEvento.getAttribute("Id"));
    }

    @Test
    void cancelamentoRejeitadoNaoTemProtocoloDoEvento() throws Exception {
        Element retorno = caminho(ler(XmlsFiscais.cancelamento(Nfe.padrao().chave(), "135260003001234", 573))
                .getDocumentElement(), "retEvento", "infEvento");

        assertThat(texto(retorno, "cStat")).isEqualTo("573");
        assertThat(nomes(retorno)).doesNotContain("nProt", "xEvento");
        assertThat(retorno.hasAttribute("Id")).isFalse();
        assertThatThrownBy(() -> XmlsFiscais.cancelamento(Nfe.padrao().chave(), "1", 999))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cancelamentoDeUmaNotaUsaSeuAmbienteEProtocolo() throws Exception {
        Nfe nota = Nfe.padrao().comAmbienteDeTeste();
        Element raiz = ler(XmlsFiscais.cancelamento(nota, 155)).getDocumentElement();

        assertThat(texto(caminho(raiz, "evento", "infEvento"), "tpAmb")).isEqualTo("2");
        assertThat(texto(caminho(raiz, "evento", "infEvento", "detEvento"), "nProt")).isEqualTo(nota.protocolo());
        assertThat(texto(caminho(raiz, "retEvento", "infEvento"), "xMotivo")).isEqualTo("Cancelamento homologado fora de prazo");
        assertThatThrownBy(() -> XmlsFiscais.cancelamento(Nfe.padrao().comCStat(539), 135))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cancelamentoPorSubstituicaoReferenciaAChaveSubstituta() throws Exception {
        String substituida = Nfe.padrao().nfce().comTipoEmissao(9).chave();
        String substituta = Nfe.padrao().nfce().comNumero(1235).chave();
        Element infEvento = caminho(ler(XmlsFiscais.cancelamentoPorSubstituicao(substituida, substituta,
                "135260003001234", 135)).getDocumentElement(), "evento", "infEvento");
        Element detalhe = filho(infEvento, "detEvento");

        assertThat(infEvento.getAttribute("Id")).isEqualTo("ID110112" + substituida + "01");
        assertThat(nomes(detalhe)).containsExactly("descEvento", "cOrgaoAutor", "tpAutor", "verAplic", "nProt", "xJust", "chNFeRef");
        assertThat(texto(detalhe, "chNFeRef")).isEqualTo(substituta);
        assertThat(texto(detalhe, "tpAutor")).isEqualTo("1");
    }

    @Test
    void cartaDeCorrecaoTemTextoFixoDeCondicaoDeUso() throws Exception {
        Element raiz = ler(XmlsFiscais.cartaDeCorrecao(Nfe.padrao().chave())).getDocumentElement();
        Element detalhe = caminho(raiz, "evento", "infEvento", "detEvento");

        assertThat(texto(caminho(raiz, "evento", "infEvento"), "tpEvento")).isEqualTo("110110");
        assertThat(nomes(detalhe)).containsExactly("descEvento", "xCorrecao", "xCondUso");
        assertThat(texto(detalhe, "xCondUso")).startsWith("A Carta de Correcao e disciplinada pelo paragrafo 1o-A");
        assertThat(texto(caminho(raiz, "retEvento", "infEvento"), "cStat")).isEqualTo("135");
    }

    // ------------------------------------------------------------------ transport messages

    @Test
    void enviNFeLevaANotaSemProtocolo() throws Exception {
        Nfe nota = Nfe.padrao();
        Element raiz = ler(XmlsFiscais.enviNFe(nota)).getDocumentElement();

        assertThat(nomes(raiz)).containsExactly("idLote", "indSinc", "NFe");
        assertThat(texto(raiz, "indSinc")).isEqualTo("1");
        assertThat(raiz.getElementsByTagNameNS(NS_NFE, "protNFe").getLength()).isZero();
        assertThat(caminho(raiz, "NFe", "infNFe").getAttribute("Id")).isEqualTo("NFe" + nota.chave());
        assertThat(texto(ler(XmlsFiscais.enviNFe(nota, nota.comNumero(1235))).getDocumentElement(), "indSinc")).isEqualTo("0");
    }

    @Test
    void respostasDeLoteTrazemOProtocoloDaNota() throws Exception {
        Nfe nota = Nfe.padrao();
        Element retEnvi = ler(XmlsFiscais.retEnviNFe(nota)).getDocumentElement();
        Element recebido = ler(XmlsFiscais.retEnviNFeRecebido(XmlsFiscais.NREC_PADRAO)).getDocumentElement();
        Element retConsReci = ler(XmlsFiscais.retConsReciNFe(XmlsFiscais.NREC_PADRAO, nota, nota.comNumero(1235)))
                .getDocumentElement();

        assertThat(nomes(retEnvi)).containsExactly("tpAmb", "verAplic", "cStat", "xMotivo", "cUF", "dhRecbto", "protNFe");
        assertThat(texto(retEnvi, "cStat")).isEqualTo("104");
        assertThat(texto(caminho(retEnvi, "protNFe", "infProt"), "chNFe")).isEqualTo(nota.chave());
        assertThat(texto(recebido, "cStat")).isEqualTo("103");
        assertThat(texto(filho(recebido, "infRec"), "nRec")).isEqualTo(XmlsFiscais.NREC_PADRAO);
        assertThat(retConsReci.getElementsByTagNameNS(NS_NFE, "protNFe").getLength()).isEqualTo(2);
        assertThat(texto(ler(XmlsFiscais.consReciNFe(XmlsFiscais.NREC_PADRAO)).getDocumentElement(), "nRec"))
                .isEqualTo(XmlsFiscais.NREC_PADRAO);
    }

    @Test
    void consultaDeSituacao() throws Exception {
        Nfe nota = Nfe.padrao();
        Element pedido = ler(XmlsFiscais.consSitNFe(nota.chave())).getDocumentElement();
        Element ativa = ler(XmlsFiscais.retConsSitNFe(nota, false)).getDocumentElement();
        Element cancelada = ler(XmlsFiscais.retConsSitNFe(nota, true)).getDocumentElement();
        Element desconhecida = ler(XmlsFiscais.retConsSitNFe(nota.semProtocolo(), false)).getDocumentElement();

        assertThat(nomes(pedido)).containsExactly("tpAmb", "xServ", "chNFe");
        assertThat(texto(pedido, "xServ")).isEqualTo("CONSULTAR");
        assertThat(texto(ativa, "cStat")).isEqualTo("100");
        assertThat(nomes(ativa)).endsWith("chNFe", "protNFe");
        assertThat(texto(cancelada, "cStat")).isEqualTo("101");
        assertThat(nomes(cancelada)).endsWith("chNFe", "protNFe", "procEventoNFe");
        assertThat(texto(caminho(cancelada, "procEventoNFe", "evento", "infEvento"), "tpEvento")).isEqualTo("110111");
        assertThat(texto(desconhecida, "cStat")).isEqualTo("217");
        assertThat(nomes(desconhecida)).doesNotContain("protNFe");
    }

    @Test
    void inutilizacaoTemIdDe41DigitosERaizProcComPMaiusculo() throws Exception {
        Element pedido = ler(XmlsFiscais.inutNFe(XmlsFiscais.CNPJ_EMITENTE, 1, 10, 12)).getDocumentElement();
        Element retorno = ler(XmlsFiscais.retInutNFe(XmlsFiscais.CNPJ_EMITENTE, 1, 10, 12)).getDocumentElement();
        Element proc = ler(XmlsFiscais.procInutNFe(XmlsFiscais.CNPJ_EMITENTE, 1, 10, 12)).getDocumentElement();

        assertThat(filho(pedido, "infInut").getAttribute("Id"))
                .isEqualTo("ID" + "35" + "26" + XmlsFiscais.CNPJ_EMITENTE + "55" + "001" + "000000010" + "000000012")
                .matches("ID[0-9]{41}");
        assertThat(nomes(filho(pedido, "infInut"))).containsExactly("tpAmb", "xServ", "cUF", "ano", "CNPJ", "mod",
                "serie", "nNFIni", "nNFFin", "xJust");
        assertThat(texto(filho(retorno, "infInut"), "cStat")).isEqualTo("102");
        assertThat(texto(filho(retorno, "infInut"), "nProt")).matches("[0-9]{15}");
        assertThat(proc.getLocalName()).isEqualTo("ProcInutNFe");
        assertThat(nomes(proc)).containsExactly("inutNFe", "retInutNFe");
    }

    @Test
    void loteDeEventos() throws Exception {
        String chave = Nfe.padrao().chave();
        Element envio = ler(XmlsFiscais.envEvento(chave, "135260003001234")).getDocumentElement();
        Element resposta = ler(XmlsFiscais.retEnvEvento(chave, 135)).getDocumentElement();

        assertThat(nomes(envio)).containsExactly("idLote", "evento");
        assertThat(texto(caminho(envio, "evento", "infEvento"), "tpEvento")).isEqualTo("110111");
        assertThat(nomes(resposta)).containsExactly("idLote", "tpAmb", "verAplic", "cOrgao", "cStat", "xMotivo", "retEvento");
        assertThat(texto(resposta, "cStat")).isEqualTo("128");
        assertThat(texto(caminho(resposta, "retEvento", "infEvento"), "chNFe")).isEqualTo(chave);
    }

    @Test
    void soapUsaEnvelope12EMensagemDoServico() throws Exception {
        Nfe nota = Nfe.padrao();
        Object[][] casos = {
                {XmlsFiscais.enviNFe(nota), "nfeDadosMsg", "NFeAutorizacao4", "enviNFe"},
                {XmlsFiscais.retEnviNFe(nota), "nfeResultMsg", "NFeAutorizacao4", "retEnviNFe"},
                {XmlsFiscais.consReciNFe(XmlsFiscais.NREC_PADRAO), "nfeDadosMsg", "NFeRetAutorizacao4", "consReciNFe"},
                {XmlsFiscais.retConsReciNFe(XmlsFiscais.NREC_PADRAO, nota), "nfeResultMsg", "NFeRetAutorizacao4", "retConsReciNFe"},
                {XmlsFiscais.consSitNFe(nota.chave()), "nfeDadosMsg", "NFeConsultaProtocolo4", "consSitNFe"},
                {XmlsFiscais.retConsSitNFe(nota, false), "nfeResultMsg", "NFeConsultaProtocolo4", "retConsSitNFe"},
                {XmlsFiscais.inutNFe(XmlsFiscais.CNPJ_EMITENTE, 1, 10, 12), "nfeDadosMsg", "NFeInutilizacao4", "inutNFe"},
                {XmlsFiscais.retInutNFe(XmlsFiscais.CNPJ_EMITENTE, 1, 10, 12), "nfeResultMsg", "NFeInutilizacao4", "retInutNFe"},
                {XmlsFiscais.envEvento(nota.chave(), nota.protocolo()), "nfeDadosMsg", "NFeRecepcaoEvento4", "envEvento"},
                {XmlsFiscais.retEnvEvento(nota.chave(), 135), "nfeResultMsg", "NFeRecepcaoEvento4", "retEnvEvento"},
                {nota.xml(), "nfeDadosMsg", "NFeAutorizacao4", "nfeProc"}};
        for (Object[] caso : casos) {
            Element envelope = ler(XmlsFiscais.soap((byte[]) caso[0])).getDocumentElement();
            Element corpo = filho(envelope, "Body");
            Element mensagem = filho(corpo, (String) caso[1]);
            Element conteudo = elementos(mensagem).get(0);

            assertThat(envelope.getNamespaceURI()).isEqualTo(NS_SOAP12);
            assertThat(corpo.getNamespaceURI()).isEqualTo(NS_SOAP12);
            assertThat(mensagem.getNamespaceURI()).isEqualTo(NS_WSDL + caso[2]);
            assertThat(conteudo.getLocalName()).isEqualTo(caso[3]);
            assertThat(conteudo.getNamespaceURI()).isEqualTo(NS_NFE);
        }
    }

    // ------------------------------------------------------------------ NFS-e

    @Test
    void nfse100TemIdMinusculoEPrestadorTomadorValoresNosCaminhosDoLeiaute() throws Exception {
        byte[] xml = XmlsFiscais.nfse100("4321", "X9Y8Z7W6V", "2026-11-20T10:15:00", XmlsFiscais.CNPJ_EMITENTE,
                XmlsFiscais.CPF_DESTINATARIO, new BigDecimal("250"), null);
        Element raiz = ler(xml).getDocumentElement();
        Element infNfse = caminho(raiz, "Nfse", "InfNfse");

        assertThat(nomes(raiz)).containsExactly("Nfse");
        assertThat(nomes(filho(raiz, "Nfse"))).containsExactly("InfNfse", "Signature");
        assertThat(caminho(raiz, "Nfse", "Signature").getNamespaceURI()).isEqualTo(NS_DSIG);
        assertThat(infNfse.getAttribute("id")).isEqualTo("nfse4321");
        assertThat(infNfse.hasAttribute("Id")).isFalse();
        assertThat(texto(infNfse, "Numero")).isEqualTo("4321");
        assertThat(texto(infNfse, "CodigoVerificacao")).isEqualTo("X9Y8Z7W6V");
        assertThat(texto(infNfse, "DataEmissao")).isEqualTo("2026-11-20T10:15:00");
        assertThat(texto(caminho(infNfse, "PrestadorServico", "IdentificacaoPrestador"), "Cnpj")).isEqualTo(XmlsFiscais.CNPJ_EMITENTE);
        assertThat(texto(caminho(infNfse, "TomadorServico", "IdentificacaoTomador", "CpfCnpj"), "Cpf"))
                .isEqualTo(XmlsFiscais.CPF_DESTINATARIO);
        assertThat(texto(caminho(infNfse, "Servico", "Valores"), "ValorServicos")).isEqualTo("250.00");
        assertThat(texto(caminho(infNfse, "Servico", "Valores"), "ValorLiquidoNfse")).isEqualTo("250.00");
        assertThat(nomes(infNfse)).containsSubsequence("Numero", "CodigoVerificacao", "DataEmissao", "NaturezaOperacao",
                "Competencia", "Servico", "PrestadorServico", "TomadorServico", "OrgaoGerador");
    }

    @Test
    void nfse100CanceladaTemDataHoraCancelamento() throws Exception {
        Element raiz = ler(XmlsFiscais.nfse100("4321", "X9Y8Z7W6V", "2026-11-20T10:15:00", XmlsFiscais.CNPJ_EMITENTE,
                XmlsFiscais.CNPJ_DESTINATARIO, new BigDecimal("99.9"), "2026-11-21T09:00:00")).getDocumentElement();
        Element confirmacao = caminho(raiz, "NfseCancelamento", "Confirmacao");

        assertThat(nomes(raiz)).containsExactly("Nfse", "NfseCancelamento");
        assertThat(nomes(filho(raiz, "NfseCancelamento"))).containsExactly("Confirmacao", "Signature");
        assertThat(confirmacao.getAttribute("id")).isEqualTo("canc4321");
        assertThat(texto(confirmacao, "DataHoraCancelamento")).isEqualTo("2026-11-21T09:00:00");
        assertThat(texto(caminho(confirmacao, "Pedido", "InfPedidoCancelamento", "IdentificacaoNfse"), "Numero")).isEqualTo("4321");
        assertThat(texto(caminho(raiz, "Nfse", "InfNfse", "TomadorServico", "IdentificacaoTomador", "CpfCnpj"), "Cnpj"))
                .isEqualTo(XmlsFiscais.CNPJ_DESTINATARIO);
    }

    @Test
    void nfse202TemValoresNfseDeclaracaoEIdentificacaoDoPrestador() throws Exception {
        Element raiz = ler(XmlsFiscais.nfse20x("2.02", "55", "ABC123", "2026-11-20T10:15:00", XmlsFiscais.CNPJ_EMITENTE,
                XmlsFiscais.CPF_DESTINATARIO, new BigDecimal("80.00"), null)).getDocumentElement();
        Element infNfse = caminho(raiz, "Nfse", "InfNfse");
        Element declaracao = caminho(infNfse, "DeclaracaoPrestacaoServico", "InfDeclaracaoPrestacaoServico");

        assertThat(filho(raiz, "Nfse").getAttribute("versao")).isEqualTo("2.02");
        assertThat(infNfse.getAttribute("Id")).isEqualTo("nfse55");
        assertThat(infNfse.hasAttribute("id")).isFalse();
        assertThat(texto(filho(infNfse, "ValoresNfse"), "ValorLiquidoNfse")).isEqualTo("80.00");
        assertThat(texto(caminho(declaracao, "Servico", "Valores"), "ValorServicos")).isEqualTo("80.00");
        assertThat(texto(caminho(declaracao, "Prestador", "CpfCnpj"), "Cnpj")).isEqualTo(XmlsFiscais.CNPJ_EMITENTE);
        assertThat(texto(caminho(declaracao, "Tomador", "IdentificacaoTomador", "CpfCnpj"), "Cpf"))
                .isEqualTo(XmlsFiscais.CPF_DESTINATARIO);
        assertThat(nomes(declaracao)).doesNotContain("TomadorServico");
        assertThat(texto(caminho(infNfse, "PrestadorServico", "IdentificacaoPrestador", "CpfCnpj"), "Cnpj"))
                .isEqualTo(XmlsFiscais.CNPJ_EMITENTE);
        assertThat(nomes(infNfse)).containsExactly("Numero", "CodigoVerificacao", "DataEmissao", "ValoresNfse",
                "PrestadorServico", "OrgaoGerador", "DeclaracaoPrestacaoServico");
    }

    @Test
    void nfse204SoIdentificaOPrestadorNaDeclaracaoEChamaOTomadorDeTomadorServico() throws Exception {
        Element raiz = ler(XmlsFiscais.nfse20x("2.04", "56", "ABC124", "2026-11-20T10:15:00", XmlsFiscais.CNPJ_EMITENTE,
                XmlsFiscais.CNPJ_DESTINATARIO, new BigDecimal("80.00"), "2026-11-22T08:30:00")).getDocumentElement();
        Element infNfse = caminho(raiz, "Nfse", "InfNfse");
        Element declaracao = caminho(infNfse, "DeclaracaoPrestacaoServico", "InfDeclaracaoPrestacaoServico");
        Element confirmacao = caminho(raiz, "NfseCancelamento", "Confirmacao");

        assertThat(nomes(filho(infNfse, "PrestadorServico"))).containsExactly("RazaoSocial", "NomeFantasia", "Endereco", "Contato");
        assertThat(texto(caminho(declaracao, "Prestador", "CpfCnpj"), "Cnpj")).isEqualTo(XmlsFiscais.CNPJ_EMITENTE);
        assertThat(texto(caminho(declaracao, "TomadorServico", "IdentificacaoTomador", "CpfCnpj"), "Cnpj"))
                .isEqualTo(XmlsFiscais.CNPJ_DESTINATARIO);
        assertThat(nomes(filho(infNfse, "ValoresNfse"))).containsExactly("BaseCalculo", "Aliquota", "ValorIss", "ValorLiquidoNfse");
        assertThat(filho(raiz, "NfseCancelamento").getAttribute("versao")).isEqualTo("2.04");
        assertThat(confirmacao.getAttribute("Id")).isEqualTo("canc56");
        assertThat(texto(confirmacao, "DataHora")).isEqualTo("2026-11-22T08:30:00");
        assertThat(nomes(confirmacao)).doesNotContain("DataHoraCancelamento");
    }

    @Test
    void nfseRecusaVersoesEDocumentosForaDoLeiaute() {
        assertThatThrownBy(() -> Nfse.abrasf("2.03")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> XmlsFiscais.nfse20x("1.00", "1", "A", "2026-11-20T10:15:00", XmlsFiscais.CNPJ_EMITENTE,
                XmlsFiscais.CPF_DESTINATARIO, BigDecimal.TEN, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Nfse.abrasf100().comTomador("123")).isInstanceOf(IllegalArgumentException.class);
    }

    // ------------------------------------------------------------------ hostile and broken inputs (bytes only)

    @Test
    void xxeDeArquivoDeclaraEntidadeExternaEUsaNumElemento() {
        String texto = new String(XmlsFiscais.xxeArquivo(), StandardCharsets.UTF_8);

        assertThat(texto).startsWith("<?xml").contains("<!DOCTYPE nfeProc [")
                         .contains("<!ENTITY xxe SYSTEM \"file:///etc/passwd\">").contains("<infCpl>&xxe;</infCpl>")
                         .contains("<nfeProc versao=\"4.00\" xmlns=\"" + NS_NFE + "\">");
        assertThat(texto.indexOf("<!DOCTYPE")).isLessThan(texto.indexOf("<nfeProc"));
    }

    @Test
    void xxeDeRedeApontaParaAUrlDada() {
        String texto = new String(XmlsFiscais.xxeRede("http://127.0.0.1:9/xxe"), StandardCharsets.UTF_8);

        assertThat(texto).contains("<!ENTITY xxe SYSTEM \"http://127.0.0.1:9/xxe\">").contains("<infCpl>&xxe;</infCpl>");
    }

    @Test
    void billionLaughsTemDezNiveisDeEntidades() {
        String texto = new String(XmlsFiscais.billionLaughs(), StandardCharsets.UTF_8);

        assertThat(texto).contains("<!ENTITY lol0 \"lol\">").contains("<!ENTITY lol9 \"" + "&lol8;".repeat(10) + "\">")
                         .contains("<infCpl>&lol9;</infCpl>");
        assertThat(Pattern.compile("<!ENTITY lol\\d").matcher(texto).results().count()).isEqualTo(10);
    }

    @Test
    void doctypeInofensivoNaoTemEntidadesNemReferenciasExternas() throws Exception {
        byte[] xml = XmlsFiscais.comDoctype();
        String texto = new String(xml, StandardCharsets.UTF_8);

        assertThat(texto).contains("<!DOCTYPE nfeProc [").contains("<!ATTLIST infNFe Id ID #IMPLIED>")
                         .doesNotContain("<!ENTITY").doesNotContain("SYSTEM").doesNotContain("PUBLIC");
        // Harmless, so it may be read by a parser that allows a DTD but loads nothing.
        Element raiz = parserQueAceitaDtdInterno().parse(new ByteArrayInputStream(xml)).getDocumentElement();
        assertThat(raiz.getLocalName()).isEqualTo("nfeProc");
        assertThat(raiz.getNamespaceURI()).isEqualTo(NS_NFE);
    }

    @Test
    void entradasVaziasEMalformadas() {
        assertThat(XmlsFiscais.vazio()).isEmpty();
        assertThat(XmlsFiscais.soEspacos()).isNotEmpty();
        assertThat(new String(XmlsFiscais.soEspacos(), StandardCharsets.UTF_8)).isBlank();
        assertThat(new String(XmlsFiscais.malformado(), StandardCharsets.UTF_8)).startsWith("<?xml").contains("<nfeProc")
                                                                               .doesNotContain("</nfeProc>");
        assertThatThrownBy(() -> ler(XmlsFiscais.malformado())).isInstanceOf(SAXParseException.class);
    }

    @Test
    void naoFiscalTentaComChaveValidaEVersao() throws Exception {
        Element raiz = ler(XmlsFiscais.naoFiscal()).getDocumentElement();

        assertThat(raiz.getNamespaceURI()).isNotEqualTo(NS_NFE);
        assertThat(raiz.getAttribute("versao")).isEqualTo("4.00");
        assertThat(texto(raiz, "observacao")).contains(Nfe.padrao().chave());
    }

    @Test
    void comBomComecaComAMarcaUtf8() {
        byte[] xml = XmlsFiscais.comBom(Nfe.padrao().xml());

        assertThat(xml).startsWith((byte) 0xEF, (byte) 0xBB, (byte) 0xBF, (byte) '<');
    }

    @Test
    void grandeTemExatamenteOTamanhoPedido() throws Exception {
        int doisMiB = 2 * 1024 * 1024;
        for (int tamanho : new int[] {doisMiB, doisMiB + 1, 50_000}) {
            byte[] xml = XmlsFiscais.grande(tamanho);
            Element raiz = ler(xml).getDocumentElement();

            assertThat(xml).hasSize(tamanho);
            assertThat(raiz.getLocalName()).isEqualTo("nfeProc");
            assertThat(texto(caminho(raiz, "protNFe", "infProt"), "chNFe")).isEqualTo(Nfe.padrao().chave());
        }
        assertThatThrownBy(() -> XmlsFiscais.grande(100)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pdfMinimoTemXrefEObjetosNasPosicoesDeclaradas() {
        byte[] pdf = XmlsFiscais.pdf();
        String texto = new String(pdf, StandardCharsets.ISO_8859_1);

        assertThat(texto).startsWith("%PDF-1.4\n").endsWith("%%EOF\n");
        Matcher startxref = Pattern.compile("startxref\n(\\d+)\n%%EOF\n$").matcher(texto);
        assertThat(startxref.find()).isTrue();
        int xref = Integer.parseInt(startxref.group(1));
        assertThat(texto.substring(xref)).startsWith("xref\n0 6\n0000000000 65535 f \n");
        String[] entradas = texto.substring(xref).split("\n");
        for (int objeto = 1; objeto <= 5; objeto++) {
            String entrada = entradas[2 + objeto];
            assertThat(entrada).matches("[0-9]{10} 00000 n ");
            assertThat(texto.substring(Integer.parseInt(entrada.substring(0, 10)))).startsWith(objeto + " 0 obj\n");
        }
        Matcher stream = Pattern.compile("/Length (\\d+) >>\nstream\n(.*?)\nendstream", Pattern.DOTALL).matcher(texto);
        assertThat(stream.find()).isTrue();
        assertThat(stream.group(2)).hasSize(Integer.parseInt(stream.group(1)));
        assertThat(texto).contains("/Root 1 0 R").contains("/Type /Catalog");
    }

    @Test
    void pdfsInvalidos() {
        assertThat(new String(XmlsFiscais.pdfInvalido(), StandardCharsets.ISO_8859_1)).doesNotStartWith("%PDF-");
        String truncado = new String(XmlsFiscais.pdfTruncado(), StandardCharsets.ISO_8859_1);
        assertThat(truncado).startsWith("%PDF-").doesNotContain("%%EOF").doesNotContain("startxref");
    }

    // ------------------------------------------------------------------ helpers

    /** Namespace-aware JDK parser refusing any DOCTYPE, as the real reader should be configured. */
    private static Document ler(byte[] xml) throws Exception {
        DocumentBuilderFactory fabrica = DocumentBuilderFactory.newDefaultInstance();
        fabrica.setNamespaceAware(true);
        fabrica.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        fabrica.setFeature("http://xml.org/sax/features/external-general-entities", false);
        fabrica.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        fabrica.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        fabrica.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        fabrica.setXIncludeAware(false);
        fabrica.setExpandEntityReferences(false);
        return silencioso(fabrica.newDocumentBuilder()).parse(new ByteArrayInputStream(xml));
    }

    /** Allows an internal DTD subset but never fetches anything. */
    private static DocumentBuilder parserQueAceitaDtdInterno() throws ParserConfigurationException {
        DocumentBuilderFactory fabrica = DocumentBuilderFactory.newDefaultInstance();
        fabrica.setNamespaceAware(true);
        fabrica.setFeature("http://xml.org/sax/features/external-general-entities", false);
        fabrica.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        fabrica.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        fabrica.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        fabrica.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        fabrica.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        return silencioso(fabrica.newDocumentBuilder());
    }

    private static DocumentBuilder silencioso(DocumentBuilder construtor) {
        construtor.setErrorHandler(XmlSeguro.SILENCIOSO);
        return construtor;
    }

    private static List<Element> elementos(Element pai) {
        List<Element> filhos = new ArrayList<>();
        for (Node no = pai.getFirstChild(); no != null; no = no.getNextSibling()) {
            if (no instanceof Element elemento) {
                filhos.add(elemento);
            }
        }
        return filhos;
    }

    private static List<String> nomes(Element pai) {
        return elementos(pai).stream().map(Element::getLocalName).toList();
    }

    /** The only child with that local name; fails when there is none or several. */
    private static Element filho(Element pai, String nome) {
        List<Element> encontrados = elementos(pai).stream().filter(e -> nome.equals(e.getLocalName())).toList();
        assertThat(encontrados).as("filho %s de %s", nome, pai.getLocalName()).hasSize(1);
        return encontrados.get(0);
    }

    private static Element caminho(Element raiz, String... nomes) {
        Element atual = raiz;
        for (String nome : nomes) {
            atual = filho(atual, nome);
        }
        return atual;
    }

    private static String texto(Element pai, String nome) {
        return filho(pai, nome).getTextContent();
    }

    private static Element dest(Nfe nota) throws Exception {
        return caminho(ler(nota.xml()).getDocumentElement(), "NFe", "infNFe", "dest");
    }

    /** Written apart from the generator: weight of position i (0-based, 43 chars) is 2 + (42 - i) mod 8. */
    private static int soma(String chave43) {
        int soma = 0;
        for (int i = 0; i < 43; i++) {
            soma += (chave43.charAt(i) - 48) * (2 + (42 - i) % 8);
        }
        return soma;
    }

    private static int dvIndependente(String chave43) {
        int resto = soma(chave43) % 11;
        return resto < 2 ? 0 : 11 - resto;
    }
}
