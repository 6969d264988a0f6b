package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The reader over generated, schema-shaped documents: every field read, every refusal saying what the file is. */
class LeitorFiscalTest {

    private static LeituraFiscal.Nota nota(byte[] xml) {
        return (LeituraFiscal.Nota) LeitorFiscal.ler(xml);
    }

    @Test
    void nfeProcAutorizadaTemTodosOsCampos() {
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao();
        LeituraFiscal.Nota lida = nota(nfe.xml());
        assertThat(lida.dados().modelo()).isEqualTo("55");
        assertThat(lida.dados().chave()).isEqualTo(nfe.chave());
        assertThat(lida.dados().numero()).isEqualTo(String.valueOf(nfe.numero()));
        assertThat(lida.dados().serie()).isEqualTo(String.valueOf(nfe.serie()));
        assertThat(lida.dados().dataEmissao()).isEqualTo(OffsetDateTime.parse(nfe.dataEmissao()));
        assertThat(lida.dados().valorTotal()).isEqualByComparingTo(nfe.valor());
        assertThat(lida.dados().cnpjEmitente()).isEqualTo(XmlsFiscais.CNPJ_EMITENTE);
        assertThat(lida.dados().documentoDestinatario()).isEqualTo(nfe.destinatario());
        assertThat(lida.dados().protocolo()).isEqualTo(nfe.protocolo());
        assertThat(lida.semProtocolo()).isFalse();
        assertThat(lida.dados().ambienteDeTeste()).isFalse();
        assertThat(lida.dados().codigoVerificacao()).isNull();
        assertThat(lida.canceladaEm()).isNull();
    }

    @Test
    void autorizadaForaDePrazoNfceETesteSaoLidas() {
        assertThat(nota(XmlsFiscais.Nfe.padrao().comCStat(150).xml()).dados().protocolo()).isNotNull();
        LeituraFiscal.Nota nfce = nota(XmlsFiscais.Nfe.padrao().nfce().xml());
        assertThat(nfce.dados().modelo()).isEqualTo("65");
        assertThat(nota(XmlsFiscais.Nfe.padrao().comAmbienteDeTeste().xml()).dados().ambienteDeTeste()).isTrue();
    }

    @Test
    void semProtocoloELidaEAvisada() {
        LeituraFiscal.Nota nfeProc = nota(XmlsFiscais.Nfe.padrao().semProtocolo().xml());
        LeituraFiscal.Nota bare = nota(XmlsFiscais.Nfe.padrao().bare().xml());
        assertThat(nfeProc.semProtocolo()).isTrue();
        assertThat(bare.semProtocolo()).isTrue();
        assertThat(bare.dados().protocolo()).isNull();
    }

    @Test
    void destinatarioCnpjCpfOuEstrangeiro() {
        assertThat(nota(XmlsFiscais.Nfe.padrao().comDestinatarioCnpj(XmlsFiscais.CNPJ_DESTINATARIO).xml())
                .dados().documentoDestinatario()).isEqualTo(XmlsFiscais.CNPJ_DESTINATARIO);
        assertThat(nota(XmlsFiscais.Nfe.padrao().comDestinatarioEstrangeiro(XmlsFiscais.ID_ESTRANGEIRO).xml())
                .dados().documentoDestinatario()).isEqualTo(XmlsFiscais.ID_ESTRANGEIRO);
        assertThat(nota(XmlsFiscais.Nfe.padrao().semDestinatario().xml()).dados().documentoDestinatario()).isNull();
    }

    @Test
    void chaveComCnpjAlfanumericoEAceita() {
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao().comCnpjAlfanumerico();
        LeituraFiscal.Nota lida = nota(nfe.xml());
        assertThat(lida.dados().chave()).isEqualTo(nfe.chave()).contains(XmlsFiscais.CNPJ_ALFANUMERICO);
        assertThat(lida.dados().cnpjEmitente()).isEqualTo(XmlsFiscais.CNPJ_ALFANUMERICO);
        assertThat(ChaveDeAcesso.valida("3526050X0J92JY000196570010000006041448679011")).isTrue();
        assertThat(ChaveDeAcesso.digitoVerificador("5206043300991100250655012000000780026730161")).isEqualTo(5);
    }

    @ParameterizedTest
    @ValueSource(ints = {110, 301, 302})
    void usoDenegadoE400(int cStat) {
        assertThatThrownBy(() -> LeitorFiscal.ler(XmlsFiscais.Nfe.padrao().comCStat(cStat).xml()))
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining("denegado").hasMessageContaining("" + cStat);
    }

    @Test
    void rejeitadaE400() {
        assertThatThrownBy(() -> LeitorFiscal.ler(XmlsFiscais.Nfe.padrao().comCStat(539).xml()))
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining("não autorizada").hasMessageContaining("539");
    }

    @Test
    void chaveComDigitoErradoE400() {
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao();
        String chave = nfe.chave();
        String errada = chave.substring(0, 43) + ((chave.charAt(43) - '0' + 1) % 10);
        byte[] xml = new String(nfe.xml(), StandardCharsets.UTF_8).replace(chave, errada)
                                                                                .getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> LeitorFiscal.ler(xml)).hasMessageContaining("Chave de acesso inválida");
    }

    @Test
    void cancelamentosHomologadosSaoLidos() {
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao();
        for (int cStat : new int[]{135, 136, 155}) {
            LeituraFiscal.Cancelamento c = (LeituraFiscal.Cancelamento) LeitorFiscal.ler(
                    XmlsFiscais.cancelamento(nfe, cStat));
            assertThat(c.chave()).isEqualTo(nfe.chave());
            assertThat(c.tipoEvento()).isEqualTo("110111");
            assertThat(c.protocolo()).isNotNull();
            assertThat(c.canceladaEm()).isNotNull();
        }
        XmlsFiscais.Nfe nfce = XmlsFiscais.Nfe.padrao().nfce();
        LeituraFiscal.Cancelamento substituicao = (LeituraFiscal.Cancelamento) LeitorFiscal.ler(
                XmlsFiscais.cancelamentoPorSubstituicao(nfce.chave(), XmlsFiscais.Nfe.padrao().nfce().comNumero(9)
                        .chave(), nfce.protocolo(), 135));
        assertThat(substituicao.tipoEvento()).isEqualTo("110112");
    }

    @Test
    void cancelamentoNaoHomologadoECartaDeCorrecaoSao400() {
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao();
        assertThatThrownBy(() -> LeitorFiscal.ler(XmlsFiscais.cancelamento(nfe, 573)))
                .hasMessageContaining("não homologado").hasMessageContaining("573");
        assertThatThrownBy(() -> LeitorFiscal.ler(XmlsFiscais.cartaDeCorrecao(nfe.chave())))
                .hasMessageContaining("Carta de correção");
    }

    @Test
    void mensagensDeTransporteEEnvelopeSoapDizemOQueSao() {
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao();
        Map<String, byte[]> casos = Map.ofEntries(
                Map.entry("enviNFe", XmlsFiscais.enviNFe(nfe.semProtocolo())),
                Map.entry("retEnviNFe", XmlsFiscais.retEnviNFe(nfe)),
                Map.entry("consReciNFe", XmlsFiscais.consReciNFe(XmlsFiscais.NREC_PADRAO)),
                Map.entry("retConsReciNFe", XmlsFiscais.retConsReciNFe(XmlsFiscais.NREC_PADRAO, nfe)),
                Map.entry("consSitNFe", XmlsFiscais.consSitNFe(nfe.chave())),
                Map.entry("retConsSitNFe", XmlsFiscais.retConsSitNFe(nfe, false)),
                Map.entry("inutNFe", XmlsFiscais.inutNFe(XmlsFiscais.CNPJ_EMITENTE, 1, 10, 20)),
                Map.entry("retInutNFe", XmlsFiscais.retInutNFe(XmlsFiscais.CNPJ_EMITENTE, 1, 10, 20)),
                Map.entry("ProcInutNFe", XmlsFiscais.procInutNFe(XmlsFiscais.CNPJ_EMITENTE, 1, 10, 20)),
                Map.entry("envEvento", XmlsFiscais.envEvento(nfe.chave(), nfe.protocolo())),
                Map.entry("retEnvEvento", XmlsFiscais.retEnvEvento(nfe.chave(), 135)),
                Map.entry("SOAP", XmlsFiscais.soap(nfe.xml())));
        casos.forEach((nome, xml) -> assertThatThrownBy(() -> LeitorFiscal.ler(xml)).as(nome)
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining(nome).hasMessageContaining("não"));
    }

    @Test
    void nfseAbrasf100E20xAutorizadasECanceladas() {
        BigDecimal valor = new BigDecimal("250.00");
        for (String versao : new String[]{"1.00", "2.01", "2.02", "2.04"}) {
            byte[] xml = "1.00".equals(versao)
                    ? XmlsFiscais.nfse100("202600000000123", "AB12CD34", "2026-11-20T10:00:00",
                    XmlsFiscais.CNPJ_EMITENTE, XmlsFiscais.CPF_DESTINATARIO, valor, null)
                    : XmlsFiscais.nfse20x(versao, "202600000000123", "AB12CD34", "2026-11-20T10:00:00",
                    XmlsFiscais.CNPJ_EMITENTE, XmlsFiscais.CNPJ_DESTINATARIO, valor, null);
            LeituraFiscal.Nota lida = nota(xml);
            assertThat(lida.dados().modelo()).as(versao).isEqualTo("56");
            assertThat(lida.dados().chave()).as(versao).isNull();
            assertThat(lida.dados().serie()).as(versao).isNull();
            assertThat(lida.dados().numero()).as(versao).isEqualTo("202600000000123");
            assertThat(lida.dados().codigoVerificacao()).as(versao).isEqualTo("AB12CD34");
            assertThat(lida.dados().valorTotal()).as(versao).isEqualByComparingTo(valor);
            assertThat(lida.dados().cnpjEmitente()).as(versao).isEqualTo(XmlsFiscais.CNPJ_EMITENTE);
            assertThat(lida.dados().documentoDestinatario()).as(versao).isEqualTo(
                    "1.00".equals(versao) ? XmlsFiscais.CPF_DESTINATARIO : XmlsFiscais.CNPJ_DESTINATARIO);
            assertThat(lida.dados().dataEmissao()).as(versao)
                    .isEqualTo(OffsetDateTime.parse("2026-11-20T10:00:00-03:00"));
            assertThat(lida.canceladaEm()).as(versao).isNull();
            assertThat(lida.semProtocolo()).as(versao).isFalse();

            byte[] cancelada = "1.00".equals(versao)
                    ? XmlsFiscais.nfse100("7", "ZX9", "2026-11-20T10:00:00", XmlsFiscais.CNPJ_EMITENTE,
                    XmlsFiscais.CPF_DESTINATARIO, valor, "2026-11-21T08:00:00")
                    : XmlsFiscais.nfse20x(versao, "7", "ZX9", "2026-11-20T10:00:00", XmlsFiscais.CNPJ_EMITENTE,
                    XmlsFiscais.CPF_DESTINATARIO, valor, "2026-11-21T08:00:00");
            assertThat(nota(cancelada).canceladaEm()).as(versao)
                    .isEqualTo(OffsetDateTime.parse("2026-11-21T08:00:00-03:00"));
        }
    }

    @Test
    void hostisVaziosEEstranhosSao400SemExpandir() {
        Map<String, byte[]> casos = Map.of(
                "DOCTYPE", XmlsFiscais.xxeArquivo(),
                "DOCTYPE ", XmlsFiscais.xxeRede("http://127.0.0.1:9/x"),
                "DOCTYPE  ", XmlsFiscais.billionLaughs(),
                "DOCTYPE   ", XmlsFiscais.comDoctype(),
                "vazio", XmlsFiscais.vazio(),
                "vazio ", XmlsFiscais.soEspacos(),
                "malformado", XmlsFiscais.malformado(),
                "não é uma NF-e", XmlsFiscais.naoFiscal(),
                "não é uma NF-e ", XmlsFiscais.semNamespace());
        casos.forEach((mensagem, xml) -> assertThatThrownBy(() -> LeitorFiscal.ler(xml)).as(mensagem)
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining(mensagem.trim())
                .hasMessageNotContaining("root:"));
    }

    @Test
    void bomNoInicioNaoAtrapalha() {
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao();
        assertThat(nota(XmlsFiscais.comBom(nfe.xml())).dados().chave()).isEqualTo(nfe.chave());
    }

    @Test
    void camposForaDoLeiauteSaoRecusadosAntesDeGuardar() {
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao();
        String texto = new String(nfe.xml(), StandardCharsets.UTF_8);
        Map<String, String> casos = Map.of(
                "difere do número da chave", texto.replace("<nNF>1234</nNF>", "<nNF>1235</nNF>"),
                "Número da nota ausente", texto.replace("<nNF>1234</nNF>", ""),
                "difere da série da chave", texto.replace("<serie>1</serie>", "<serie>2</serie>"),
                "no máximo 13 dígitos inteiros e 2 decimais", texto.replace("<vNF>149.90</vNF>",
                        "<vNF>149.901</vNF>"),
                "Documento do destinatário inválido", texto.replace("<CPF>" + XmlsFiscais.CPF_DESTINATARIO
                        + "</CPF>", "<CPF>" + "9".repeat(25) + "</CPF>"));
        casos.forEach((mensagem, xml) -> {
            assertThat(xml).as(mensagem).isNotEqualTo(texto);
            assertThatThrownBy(() -> LeitorFiscal.ler(xml.getBytes(StandardCharsets.UTF_8))).as(mensagem)
                    .isInstanceOf(ErroDeNegocio.class).hasMessageContaining(mensagem);
        });
        String nfse = new String(XmlsFiscais.Nfse.abrasf202().xml(), StandardCharsets.UTF_8);
        String longo = nfse.replace("<CodigoVerificacao>A1B2C3D4E</CodigoVerificacao>",
                "<CodigoVerificacao>" + "A".repeat(61) + "</CodigoVerificacao>");
        assertThat(longo).isNotEqualTo(nfse);
        assertThatThrownBy(() -> LeitorFiscal.ler(longo.getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("CodigoVerificacao");
    }

    @Test
    void protocoloSemCStatOuEventoSemRetornoSao400() {
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao();
        String texto = new String(nfe.xml(), StandardCharsets.UTF_8);
        String semCStat = texto.replaceFirst("<cStat>100</cStat>", "");
        assertThat(semCStat).isNotEqualTo(texto);
        assertThatThrownBy(() -> LeitorFiscal.ler(semCStat.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining("sem cStat");
        String evento = new String(XmlsFiscais.cancelamento(nfe, 135), StandardCharsets.UTF_8);
        String semRetorno = evento.replaceAll("(?s)<retEvento.*</retEvento>", "");
        assertThat(semRetorno).isNotEqualTo(evento).contains("<evento");
        assertThatThrownBy(() -> LeitorFiscal.ler(semRetorno.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining("sem o retorno da SEFAZ");
    }
}
