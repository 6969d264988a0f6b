package br.com.lojaapi.command.notafiscal;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test fixtures: realistic Brazilian tax documents as UTF-8 bytes, plus hostile and broken uploads.
 *
 * <p>Layouts follow {@code shared/spec/fiscal-facts.md} (NF-e 4.00 / PL_009, events 1.00, SEFAZ transport
 * messages, ABRASF NFS-e 1.00 and 2.0x). Signatures, digests and certificates are dummies with the right
 * shape: they are deterministic, but nothing here is cryptographically valid.
 */
public final class XmlsFiscais {

    public static final String NS_NFE = "http://www.portalfiscal.inf.br/nfe";
    public static final String NS_DSIG = "http://www.w3.org/2000/09/xmldsig#";
    public static final String NS_SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    public static final String NS_WSDL = "http://www.portalfiscal.inf.br/nfe/wsdl/";
    public static final String NS_NFSE_100 = "http://www.abrasf.org.br/ABRASF/arquivos/nfse.xsd";
    public static final String NS_NFSE_20X = "http://www.abrasf.org.br/nfse.xsd";

    /** The store's tax number in the defaults (valid check digits). */
    public static final String CNPJ_EMITENTE = "11222333000181";
    public static final String CPF_DESTINATARIO = "39053344705";
    public static final String CNPJ_DESTINATARIO = "45318796000163";
    public static final String ID_ESTRANGEIRO = "P8472913";
    /** Golden example of NT 2025.001 / SERPRO (12.ABC.345/01DE-35). */
    public static final String CNPJ_ALFANUMERICO = "12ABC34501DE35";
    public static final String NREC_PADRAO = "351000012345678";

    public static final String TEXTO_HOMOLOGACAO_DEST = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";
    public static final String TEXTO_HOMOLOGACAO_ITEM = "NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

    private static final String DECLARACAO = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
    private static final String UF_PADRAO = "35";
    private static final String MUNICIPIO_PADRAO = "3550308";
    private static final String CNPJ_RESPONSAVEL_TECNICO = "08941235000190";
    private static final String VER_APLIC_EVENTO = "SP_EVENTOS_PL_100";
    private static final String ID_LOTE = "202611201";
    private static final String CSC_FICTICIO = "0123456789ABCDEF0123456789ABCDEF";
    private static final String MARCA = "@@MARCA@@";
    private static final String X_COND_USO = "A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, "
            + "de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento "
            + "fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto "
            + "tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; "
            + "II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de "
            + "emissao ou de saida.";

    private static final Map<Integer, String> MOTIVOS_NFE = Map.of(
            100, "Autorizado o uso da NF-e",
            150, "Autorizado o uso da NF-e, autorização fora de prazo",
            110, "Uso Denegado",
            301, "Uso Denegado: Irregularidade fiscal do emitente",
            302, "Uso Denegado: Irregularidade fiscal do destinatário",
            539, "Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso");
    /** Denied invoices are protocolled too; only rejections come without nProt. */
    private static final Set<Integer> CSTAT_COM_NPROT = Set.of(100, 150, 110, 301, 302);

    private static final Map<Integer, String> MOTIVOS_EVENTO = Map.of(
            135, "Evento registrado e vinculado a NF-e",
            136, "Evento registrado, mas não vinculado a NF-e",
            155, "Cancelamento homologado fora de prazo",
            573, "Rejeição: Duplicidade de Evento");
    private static final Set<Integer> CSTAT_EVENTO_REGISTRADO = Set.of(135, 136, 155);

    private static final DateTimeFormatter DATA_HORA = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX");
    private static final Pattern RAIZ = Pattern.compile("<(?:[A-Za-z_][\\w.-]*:)?([A-Za-z_][\\w.-]*)");

    private XmlsFiscais() {
    }

    // ------------------------------------------------------------------ access key

    /** 44-character key with tpEmis 1 (normal issue). */
    public static String chave(String cUF, String aamm, String cnpj14, String mod, int serie, long nNF, String cNF) {
        return chave(cUF, aamm, cnpj14, mod, serie, nNF, 1, cNF);
    }

    /** 44-character key: cUF | AAMM | CNPJ | mod | serie(3) | nNF(9) | tpEmis | cNF(8) | cDV. */
    public static String chave(String cUF, String aamm, String cnpj14, String mod, int serie, long nNF, int tpEmis,
                               String cNF) {
        exigir(cUF, "[0-9]{2}", "cUF");
        exigir(aamm, "[0-9]{4}", "aamm");
        exigir(cnpj14, "[0-9A-Z]{12}[0-9]{2}", "cnpj14");
        exigir(mod, "[0-9]{2}", "mod");
        exigir(cNF, "[0-9]{8}", "cNF");
        if (serie < 0 || serie > 999 || nNF < 1 || nNF > 999_999_999L || tpEmis < 0 || tpEmis > 9) {
            throw new IllegalArgumentException("serie/nNF/tpEmis fora da faixa: " + serie + "/" + nNF + "/" + tpEmis);
        }
        String semDv = cUF + aamm + cnpj14 + mod + "%03d".formatted(serie) + "%09d".formatted(nNF) + tpEmis + cNF;
        return semDv + digitoVerificador(semDv);
    }

    /** Modulo 11, weights 2..9 from the right, each character worth its ASCII code minus 48. */
    public static int digitoVerificador(String chave43) {
        exigir(chave43, "[0-9A-Z]{43}", "chave43");
        int soma = 0;
        int peso = 2;
        for (int i = chave43.length() - 1; i >= 0; i--) {
            soma += (chave43.charAt(i) - '0') * peso;
            peso = peso == 9 ? 2 : peso + 1;
        }
        int resto = soma % 11;
        return resto < 2 ? 0 : 11 - resto;
    }

    public static boolean chaveValida(String chave) {
        return chave != null && chave.matches("[0-9]{6}[0-9A-Z]{12}[0-9]{26}")
                && digitoVerificador(chave.substring(0, 43)) == chave.charAt(43) - '0';
    }

    // ------------------------------------------------------------------ NF-e / NFC-e

    /**
     * An NF-e (model 55) or NFC-e (65) with one item. Immutable: every {@code com...} returns a copy.
     * {@link #xml()} gives {@code nfeProc} when there is a protocol, or the bare {@code NFe} root otherwise.
     */
    public static final class Nfe implements Cloneable {
        private String cUF = UF_PADRAO;
        private int mod = 55;
        private int serie = 1;
        private long nNF = 1234;
        private int tpEmis = 1;
        private String cNF;
        private String dhEmi = "2026-11-20T14:30:00-03:00";
        private int tpAmb = 1;
        private String emitTag = "CNPJ";
        private String emitDoc = CNPJ_EMITENTE;
        private String destTag = "CPF";
        private String destDoc = CPF_DESTINATARIO;
        private BigDecimal vNF = new BigDecimal("149.90");
        private Integer cStat = 100;
        private String nProt;
        private String dhRecbto;
        private boolean bare;
        private String infCpl = "Pedido 1001 - obrigado pela preferencia";

        private Nfe() {
        }

        /** NF-e 55, SP, serie 1, number 1234, production, issuer {@link #CNPJ_EMITENTE}, recipient CPF, 149.90, cStat 100. */
        public static Nfe padrao() {
            return new Nfe();
        }

        public Nfe nfce() {
            return com(n -> n.mod = 65);
        }

        public Nfe comUf(String cUF) {
            exigir(cUF, "[0-9]{2}", "cUF");
            return com(n -> n.cUF = cUF);
        }

        public Nfe comSerie(int serie) {
            return com(n -> n.serie = serie);
        }

        public Nfe comNumero(long nNF) {
            return com(n -> n.nNF = nNF);
        }

        /** Fixes cNF; by default it is derived from nNF and avoids the values NT 2019.001 forbids. */
        public Nfe comCodigoNumerico(String cNF) {
            return com(n -> n.cNF = cNF);
        }

        /** tpEmis other than 1 also writes dhCont/xJust, as contingency issues must. */
        public Nfe comTipoEmissao(int tpEmis) {
            return com(n -> n.tpEmis = tpEmis);
        }

        public Nfe comDataEmissao(String dhEmi) {
            OffsetDateTime.parse(dhEmi);
            return com(n -> n.dhEmi = dhEmi);
        }

        /** tpAmb 2, with the fixed homologation texts in dest/xNome and (NFC-e) in the first xProd. */
        public Nfe comAmbienteDeTeste() {
            return com(n -> n.tpAmb = 2);
        }

        public Nfe comEmitente(String cnpj) {
            exigir(cnpj, "[0-9A-Z]{12}[0-9]{2}", "CNPJ do emitente");
            return com(n -> {
                n.emitTag = "CNPJ";
                n.emitDoc = cnpj;
            });
        }

        /** Issuer identified by CPF; the key carries it left-padded to 14. */
        public Nfe comEmitenteCpf(String cpf) {
            exigir(cpf, "[0-9]{11}", "CPF do emitente");
            return com(n -> {
                n.emitTag = "CPF";
                n.emitDoc = cpf;
            });
        }

        public Nfe comCnpjAlfanumerico() {
            return comCnpjAlfanumerico(CNPJ_ALFANUMERICO);
        }

        public Nfe comCnpjAlfanumerico(String cnpj) {
            exigir(cnpj, "(?=.*[A-Z])[0-9A-Z]{12}[0-9]{2}", "CNPJ alfanumérico");
            return comEmitente(cnpj);
        }

        public Nfe comDestinatarioCnpj(String cnpj) {
            return comDestinatario("CNPJ", cnpj);
        }

        public Nfe comDestinatarioCpf(String cpf) {
            return comDestinatario("CPF", cpf);
        }

        /** Foreign recipient: idDest 3, CFOP 7102, address abroad. */
        public Nfe comDestinatarioEstrangeiro(String idEstrangeiro) {
            return comDestinatario("idEstrangeiro", idEstrangeiro);
        }

        public Nfe semDestinatario() {
            return comDestinatario(null, null);
        }

        public Nfe comValor(BigDecimal vNF) {
            return com(n -> n.vNF = vNF);
        }

        public Nfe comValor(String vNF) {
            return comValor(new BigDecimal(vNF));
        }

        /** 100, 150 (accepted), 110, 301, 302 (denied, with nProt) or 539 (rejected, no nProt). */
        public Nfe comCStat(int cStat) {
            if (!MOTIVOS_NFE.containsKey(cStat)) {
                throw new IllegalArgumentException("cStat sem texto conhecido: " + cStat + "; use " + MOTIVOS_NFE.keySet());
            }
            return com(n -> n.cStat = cStat);
        }

        /** Overrides the derived protocol number (even for a rejection, to build inconsistent files). */
        public Nfe comProtocolo(String nProt) {
            return com(n -> n.nProt = nProt);
        }

        public Nfe comDataRecebimento(String dhRecbto) {
            return com(n -> n.dhRecbto = dhRecbto);
        }

        /** No protNFe: the file becomes the bare {@code NFe} root (nfeProc requires a protocol). */
        public Nfe semProtocolo() {
            return com(n -> n.cStat = null);
        }

        /** Writes the bare {@code NFe} root even when a protocol is set (it still serves retEnviNFe & co.). */
        public Nfe bare() {
            return com(n -> n.bare = true);
        }

        /** null removes infAdic. */
        public Nfe comInfCpl(String infCpl) {
            return com(n -> n.infCpl = infCpl);
        }

        public String chave() {
            String documento = "0".repeat(14 - emitDoc.length()) + emitDoc;
            String aamm = OffsetDateTime.parse(dhEmi).format(DateTimeFormatter.ofPattern("yyMM"));
            return XmlsFiscais.chave(cUF, aamm, documento, String.valueOf(mod), serie, nNF, tpEmis, cNF());
        }

        public String modelo() {
            return String.valueOf(mod);
        }

        public int serie() {
            return serie;
        }

        public long numero() {
            return nNF;
        }

        public String dataEmissao() {
            return dhEmi;
        }

        public int tpAmb() {
            return tpAmb;
        }

        /** vNF as written in the XML ("0.00"). */
        public String valor() {
            return dinheiro(vNF);
        }

        public String emitente() {
            return emitDoc;
        }

        /** CNPJ, CPF or idEstrangeiro of the recipient; null without dest. */
        public String destinatario() {
            return destDoc;
        }

        /** null without protocol. */
        public Integer cStat() {
            return cStat;
        }

        /** nProt as written; null without protocol or for a rejection. */
        public String protocolo() {
            if (cStat == null) {
                return null;
            }
            if (nProt != null) {
                return nProt;
            }
            if (!CSTAT_COM_NPROT.contains(cStat)) {
                return null;
            }
            return protocoloSefaz(cUF, dataRecebimento().substring(2, 4), 3_000_000L + nNF);
        }

        public String dataRecebimento() {
            if (dhRecbto != null) {
                return dhRecbto;
            }
            OffsetDateTime emissao = OffsetDateTime.parse(dhEmi);
            // A late authorization (150) is the typical outcome of a contingency issue sent days later.
            return (cStat != null && cStat == 150 ? emissao.plusDays(2) : emissao.plusSeconds(4)).format(DATA_HORA);
        }

        public byte[] xml() {
            return bytes(texto());
        }

        private String texto() {
            if (bare || cStat == null) {
                return DECLARACAO + elementoNFe();
            }
            return DECLARACAO + grupo("nfeProc versao=\"4.00\" xmlns=\"" + NS_NFE + "\"", elementoNFe(), elementoProtNFe());
        }

        private Nfe comDestinatario(String tag, String documento) {
            return com(n -> {
                n.destTag = tag;
                n.destDoc = documento;
            });
        }

        private Nfe com(Consumer<Nfe> mudanca) {
            try {
                Nfe copia = (Nfe) clone();
                mudanca.accept(copia);
                return copia;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }

        private boolean nfce65() {
            return mod == 65;
        }

        private boolean estrangeiro() {
            return "idEstrangeiro".equals(destTag);
        }

        private String cNF() {
            if (cNF != null) {
                return cNF;
            }
            long valor = Math.floorMod(nNF * 7919L + 40_213_877L, 100_000_000L);
            while (!cnfAceitavel("%08d".formatted(valor), nNF)) {
                valor = (valor + 1) % 100_000_000L;
            }
            return "%08d".formatted(valor);
        }

        private String verAplic() {
            return nfce65() ? "SP_NFCE_PL009_V400" : "SP_NFE_PL009_V4";
        }

        private String elementoNFe() {
            String id = "NFe" + chave();
            return grupo("NFe xmlns=\"" + NS_NFE + "\"",
                    grupo("infNFe Id=\"" + id + "\" versao=\"4.00\"",
                            ide(), emit(), dest(), det(), total(), transp(), pag(), infAdic(), infRespTec()),
                    nfce65() ? infNFeSupl() : "",
                    assinatura("#" + id));
        }

        private String elementoProtNFe() {
            String protocolo = protocolo();
            return grupo("protNFe versao=\"4.00\"",
                    grupo(protocolo == null ? "infProt" : "infProt Id=\"ID" + protocolo + "\"",
                            el("tpAmb", tpAmb), el("verAplic", verAplic()), el("chNFe", chave()),
                            el("dhRecbto", dataRecebimento()), se(protocolo != null, el("nProt", protocolo)),
                            el("digVal", digestValue("#NFe" + chave())), el("cStat", cStat),
                            el("xMotivo", MOTIVOS_NFE.get(cStat))));
        }

        private String ide() {
            String chave = chave();
            return grupo("ide",
                    el("cUF", cUF), el("cNF", cNF()), el("natOp", "VENDA DE MERCADORIA"), el("mod", mod),
                    el("serie", serie), el("nNF", nNF), el("dhEmi", dhEmi), el("tpNF", 1),
                    el("idDest", estrangeiro() ? 3 : 1), el("cMunFG", MUNICIPIO_PADRAO), el("tpImp", nfce65() ? 4 : 1),
                    el("tpEmis", tpEmis), el("cDV", chave.charAt(43)), el("tpAmb", tpAmb), el("finNFe", 1),
                    el("indFinal", 1), el("indPres", nfce65() ? 1 : 2), se(!nfce65(), el("indIntermed", 0)),
                    el("procEmi", 0), el("verProc", "LojaApi 1.0"),
                    se(tpEmis != 1, el("dhCont", dhEmi) + el("xJust", "Sem comunicacao com a SEFAZ no momento da venda")));
        }

        private String emit() {
            return grupo("emit",
                    el(emitTag, emitDoc), el("xNome", "Loja Exemplo Comércio Ltda"), el("xFant", "Loja Exemplo"),
                    grupo("enderEmit", el("xLgr", "Rua Augusta"), el("nro", "1500"), el("xBairro", "Consolação"),
                            el("cMun", MUNICIPIO_PADRAO), el("xMun", "São Paulo"), el("UF", "SP"), el("CEP", "01304001"),
                            el("cPais", "1058"), el("xPais", "BRASIL"), el("fone", "1132345678")),
                    el("IE", "110042490114"), el("CRT", 1));
        }

        private String dest() {
            if (destTag == null) {
                return "";
            }
            String nome = tpAmb == 2 ? TEXTO_HOMOLOGACAO_DEST
                    : switch (destTag) {
                        case "CNPJ" -> "Comercial Andrade Ltda";
                        case "CPF" -> "Maria Souza";
                        default -> "John Smith";
                    };
            return grupo("dest",
                    el(destTag, destDoc), el("xNome", nome), se(!nfce65(), enderDest()), el("indIEDest", 9),
                    se(!nfce65(), el("email", "cliente@exemplo.com.br")));
        }

        private String enderDest() {
            if (estrangeiro()) {
                return grupo("enderDest", el("xLgr", "Fifth Avenue"), el("nro", "350"), el("xBairro", "Midtown"),
                        el("cMun", "9999999"), el("xMun", "EXTERIOR"), el("UF", "EX"), el("cPais", "2496"),
                        el("xPais", "ESTADOS UNIDOS"));
            }
            return grupo("enderDest", el("xLgr", "Avenida Paulista"), el("nro", "1000"), el("xCpl", "apto 12"),
                    el("xBairro", "Bela Vista"), el("cMun", MUNICIPIO_PADRAO), el("xMun", "São Paulo"), el("UF", "SP"),
                    el("CEP", "01310100"), el("cPais", "1058"), el("xPais", "BRASIL"));
        }

        private String det() {
            String xProd = nfce65() && tpAmb == 2 ? TEXTO_HOMOLOGACAO_ITEM : "Camiseta algodão estampada M";
            String unitario = vNF.setScale(10, RoundingMode.HALF_UP).toPlainString();
            return grupo("det nItem=\"1\"",
                    grupo("prod", el("cProd", "CAM-001-M"), el("cEAN", "SEM GTIN"), el("xProd", xProd),
                            el("NCM", "61091000"), el("CFOP", estrangeiro() ? "7102" : "5102"), el("uCom", "UN"),
                            el("qCom", "1.0000"), el("vUnCom", unitario), el("vProd", valor()),
                            el("cEANTrib", "SEM GTIN"), el("uTrib", "UN"), el("qTrib", "1.0000"),
                            el("vUnTrib", unitario), el("indTot", 1)),
                    grupo("imposto",
                            grupo("ICMS", grupo("ICMSSN102", el("orig", 0), el("CSOSN", "102"))),
                            grupo("PIS", grupo("PISNT", el("CST", "07"))),
                            grupo("COFINS", grupo("COFINSNT", el("CST", "07")))));
        }

        private String total() {
            return grupo("total", grupo("ICMSTot",
                    zeros("vBC", "vICMS", "vICMSDeson", "vFCP", "vBCST", "vST", "vFCPST", "vFCPSTRet"),
                    el("vProd", valor()),
                    zeros("vFrete", "vSeg", "vDesc", "vII", "vIPI", "vIPIDevol", "vPIS", "vCOFINS", "vOutro"),
                    el("vNF", valor())));
        }

        private String transp() {
            return grupo("transp", el("modFrete", nfce65() ? 9 : 0));
        }

        private String pag() {
            return grupo("pag", grupo("detPag", el("indPag", 0), el("tPag", nfce65() ? "01" : "15"), el("vPag", valor())));
        }

        private String infAdic() {
            return infCpl == null ? "" : grupo("infAdic", el("infCpl", infCpl));
        }

        private String infRespTec() {
            return grupo("infRespTec", el("CNPJ", CNPJ_RESPONSAVEL_TECNICO), el("xContato", "Equipe Fiscal LojaApi"),
                    el("email", "fiscal@lojaapi.com.br"), el("fone", "1130304040"));
        }

        /** QR code version 2 (online): p=chave|2|tpAmb|cIdToken|SHA-1 hex of those plus the CSC. */
        private String infNFeSupl() {
            String base = tpAmb == 1 ? "https://www.nfce.fazenda.sp.gov.br" : "https://www.homologacao.nfce.fazenda.sp.gov.br";
            String parametros = chave() + "|2|" + tpAmb + "|1";
            String hash = HexFormat.of().withUpperCase().formatHex(resumo("SHA-1", parametros + CSC_FICTICIO));
            return grupo("infNFeSupl",
                    "<qrCode><![CDATA[" + base + "/qrcode?p=" + parametros + "|" + hash + "]]></qrCode>",
                    el("urlChave", base + "/consulta"));
        }
    }

    // ------------------------------------------------------------------ events (procEventoNFe)

    /** 110111 for a key; cStatRet 135, 136, 155 (registered, with nProt) or 573 (rejected, without). */
    public static byte[] cancelamento(String chave, String nProt, int cStatRet) {
        Evento evento = Evento.cancelamento(chave, 1, "CNPJ", chave.substring(6, 20), nProt);
        return bytes(DECLARACAO + evento.proc(cStatRet, momentoDoEvento(chave, cStatRet)));
    }

    /** 110111 for an invoice, using its key, protocol, environment and issuer document. */
    public static byte[] cancelamento(Nfe nota, int cStatRet) {
        if (nota.protocolo() == null) {
            throw new IllegalArgumentException("nota sem nProt não pode ser cancelada");
        }
        Evento evento = Evento.cancelamento(nota.chave(), nota.tpAmb(), nota.emitTag, nota.emitDoc, nota.protocolo());
        OffsetDateTime momento = OffsetDateTime.parse(nota.dataRecebimento())
                .plus(cStatRet == 155 ? Duration.ofDays(3) : Duration.ofMinutes(40));
        return bytes(DECLARACAO + evento.proc(cStatRet, momento.format(DATA_HORA)));
    }

    /** 110112 (NFC-e): cancels {@code chave} because {@code chaveSubstituta} replaces it. */
    public static byte[] cancelamentoPorSubstituicao(String chave, String chaveSubstituta, String nProt, int cStatRet) {
        String detalhe = el("descEvento", "Cancelamento por substituicao") + el("cOrgaoAutor", chave.substring(0, 2))
                + el("tpAutor", 1) + el("verAplic", "LojaApi 1.0") + el("nProt", nProt)
                + el("xJust", "NFC-e emitida em contingencia substituida pela autorizada") + el("chNFeRef", chaveSubstituta);
        Evento evento = new Evento("110112", chave, 1, "CNPJ", chave.substring(6, 20), detalhe,
                "Cancelamento por substituicao registrado");
        return bytes(DECLARACAO + evento.proc(cStatRet, momentoDoEvento(chave, cStatRet)));
    }

    /** 110110, registered (135). */
    public static byte[] cartaDeCorrecao(String chave) {
        String detalhe = el("descEvento", "Carta de Correcao")
                + el("xCorrecao", "Endereco de entrega: Rua das Flores, 100, apto 12") + el("xCondUso", X_COND_USO);
        Evento evento = new Evento("110110", chave, 1, "CNPJ", chave.substring(6, 20), detalhe, "Carta de Correcao registrada");
        return bytes(DECLARACAO + evento.proc(135, momentoDoEvento(chave, 135)));
    }

    private record Evento(String tpEvento, String chave, int tpAmb, String autorTag, String autorDoc, String detalhe,
                          String xEvento) {

        static Evento cancelamento(String chave, int tpAmb, String autorTag, String autorDoc, String nProt) {
            String detalhe = el("descEvento", "Cancelamento") + el("nProt", nProt)
                    + el("xJust", "Pedido cancelado pelo cliente antes do envio");
            return new Evento("110111", chave, tpAmb, autorTag, autorDoc, detalhe, "Cancelamento registrado");
        }

        String id() {
            return "ID" + tpEvento + chave + "01";
        }

        String proc(int cStat, String dhEvento) {
            return grupo("procEventoNFe versao=\"1.00\" xmlns=\"" + NS_NFE + "\"", elemento(dhEvento), retorno(cStat, dhEvento));
        }

        String elemento(String dhEvento) {
            return grupo("evento versao=\"1.00\" xmlns=\"" + NS_NFE + "\"",
                    grupo("infEvento Id=\"" + id() + "\"",
                            el("cOrgao", chave.substring(0, 2)), el("tpAmb", tpAmb), el(autorTag, autorDoc),
                            el("chNFe", chave), el("dhEvento", dhEvento), el("tpEvento", tpEvento), el("nSeqEvento", 1),
                            el("verEvento", "1.00"), grupo("detEvento versao=\"1.00\"", detalhe)),
                    assinatura("#" + id()));
        }

        String retorno(int cStat, String dhEvento) {
            String motivo = MOTIVOS_EVENTO.get(cStat);
            if (motivo == null) {
                throw new IllegalArgumentException("cStat de evento sem texto conhecido: " + cStat + "; use " + MOTIVOS_EVENTO.keySet());
            }
            String dhRegEvento = OffsetDateTime.parse(dhEvento).plusSeconds(3).format(DATA_HORA);
            boolean registrado = CSTAT_EVENTO_REGISTRADO.contains(cStat);
            String nProt = registrado
                    ? protocoloSefaz(chave.substring(0, 2), dhRegEvento.substring(2, 4),
                    Math.floorMod((long) (chave + tpEvento).hashCode(), 10_000_000_000L))
                    : null;
            return grupo("retEvento versao=\"1.00\" xmlns=\"" + NS_NFE + "\"",
                    grupo(registrado ? "infEvento Id=\"ID" + nProt + "\"" : "infEvento",
                            el("tpAmb", tpAmb), el("verAplic", VER_APLIC_EVENTO), el("cOrgao", chave.substring(0, 2)),
                            el("cStat", cStat), el("xMotivo", motivo), el("chNFe", chave), el("tpEvento", tpEvento),
                            se(registrado, el("xEvento", xEvento)), el("nSeqEvento", 1),
                            el("dhRegEvento", dhRegEvento), se(registrado, el("nProt", nProt))));
        }
    }

    /** From the key's AAMM: day 20, or day 23 for an out-of-time cancellation (155). */
    private static String momentoDoEvento(String chave, int cStat) {
        return "20" + chave.substring(2, 4) + "-" + chave.substring(4, 6) + "-" + (cStat == 155 ? "23" : "20")
                + "T15:10:00-03:00";
    }

    // ------------------------------------------------------------------ transport messages

    /** Batch submission holding the invoices WITHOUT protocol (indSinc 1 for a single invoice). */
    public static byte[] enviNFe(Nfe... notas) {
        if (notas.length < 1 || notas.length > 50) {
            throw new IllegalArgumentException("enviNFe leva de 1 a 50 notas");
        }
        StringBuilder nfes = new StringBuilder();
        for (Nfe nota : notas) {
            nfes.append(nota.elementoNFe());
        }
        return bytes(DECLARACAO + grupo("enviNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                el("idLote", ID_LOTE), el("indSinc", notas.length == 1 ? 1 : 0), nfes.toString()));
    }

    /** Synchronous answer (104, lote processado) carrying the invoice's protNFe. */
    public static byte[] retEnviNFe(Nfe nota) {
        exigirProtocolo(nota);
        return bytes(DECLARACAO + grupo("retEnviNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                el("tpAmb", nota.tpAmb), el("verAplic", nota.verAplic()), el("cStat", 104),
                el("xMotivo", "Lote processado"), el("cUF", nota.cUF), el("dhRecbto", nota.dataRecebimento()),
                nota.elementoProtNFe()));
    }

    /** Asynchronous answer (103, lote recebido) carrying the receipt number. */
    public static byte[] retEnviNFeRecebido(String nRec) {
        exigir(nRec, "[0-9]{15}", "nRec");
        return bytes(DECLARACAO + grupo("retEnviNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                el("tpAmb", 1), el("verAplic", "SP_NFE_PL009_V4"), el("cStat", 103),
                el("xMotivo", "Lote recebido com sucesso"), el("cUF", UF_PADRAO),
                el("dhRecbto", "2026-11-20T14:30:04-03:00"), grupo("infRec", el("nRec", nRec), el("tMed", 1))));
    }

    public static byte[] consReciNFe(String nRec) {
        exigir(nRec, "[0-9]{15}", "nRec");
        return bytes(DECLARACAO + grupo("consReciNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                el("tpAmb", 1), el("nRec", nRec)));
    }

    /** Receipt answer (104) with the protNFe of every invoice that has a protocol. */
    public static byte[] retConsReciNFe(String nRec, Nfe... notas) {
        exigir(nRec, "[0-9]{15}", "nRec");
        StringBuilder protocolos = new StringBuilder();
        for (Nfe nota : notas) {
            if (nota.cStat != null) {
                protocolos.append(nota.elementoProtNFe());
            }
        }
        int tpAmb = notas.length > 0 ? notas[0].tpAmb : 1;
        return bytes(DECLARACAO + grupo("retConsReciNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                el("tpAmb", tpAmb), el("verAplic", "SP_NFE_PL009_V4"), el("nRec", nRec), el("cStat", 104),
                el("xMotivo", "Lote processado"), el("cUF", UF_PADRAO), el("dhRecbto", "2026-11-20T14:30:09-03:00"),
                protocolos.toString()));
    }

    public static byte[] consSitNFe(String chave) {
        return bytes(DECLARACAO + grupo("consSitNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                el("tpAmb", 1), el("xServ", "CONSULTAR"), el("chNFe", chave)));
    }

    /**
     * Status query answer: the invoice's own cStat with its protNFe; 101 plus the cancellation procEventoNFe when
     * {@code cancelada}; 217 (not found) when the invoice has no nProt.
     */
    public static byte[] retConsSitNFe(Nfe nota, boolean cancelada) {
        String protocolo = nota.protocolo();
        String eventos = "";
        int cStat;
        String xMotivo;
        if (protocolo == null) {
            cStat = 217;
            xMotivo = "Rejeição: NF-e não consta na base de dados da SEFAZ";
        } else if (cancelada) {
            cStat = 101;
            xMotivo = "Cancelamento de NF-e homologado";
            String momento = OffsetDateTime.parse(nota.dataRecebimento()).plusMinutes(40).format(DATA_HORA);
            eventos = Evento.cancelamento(nota.chave(), nota.tpAmb, nota.emitTag, nota.emitDoc, protocolo).proc(135, momento);
        } else {
            cStat = nota.cStat;
            xMotivo = MOTIVOS_NFE.get(cStat);
        }
        return bytes(DECLARACAO + grupo("retConsSitNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                el("tpAmb", nota.tpAmb), el("verAplic", nota.verAplic()), el("cStat", cStat), el("xMotivo", xMotivo),
                el("cUF", nota.cUF), el("dhRecbto", "2026-11-21T09:00:00-03:00"), el("chNFe", nota.chave()),
                protocolo == null ? "" : nota.elementoProtNFe(), eventos));
    }

    /** Voiding request for numbers nNFIni..nNFFin of model 55 in SP, year 26. */
    public static byte[] inutNFe(String cnpj, int serie, long nNFIni, long nNFFin) {
        return bytes(DECLARACAO + elementoInutNFe(cnpj, serie, nNFIni, nNFFin));
    }

    /** Voiding answer, homologated (102). */
    public static byte[] retInutNFe(String cnpj, int serie, long nNFIni, long nNFFin) {
        return bytes(DECLARACAO + elementoRetInutNFe(cnpj, serie, nNFIni, nNFFin));
    }

    /** Root {@code ProcInutNFe} with a capital P, as in procInutNFe_v4.00.xsd. */
    public static byte[] procInutNFe(String cnpj, int serie, long nNFIni, long nNFFin) {
        return bytes(DECLARACAO + grupo("ProcInutNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                elementoInutNFe(cnpj, serie, nNFIni, nNFFin), elementoRetInutNFe(cnpj, serie, nNFIni, nNFFin)));
    }

    /** Event batch submission holding one cancellation (110111). */
    public static byte[] envEvento(String chave, String nProt) {
        Evento evento = Evento.cancelamento(chave, 1, "CNPJ", chave.substring(6, 20), nProt);
        return bytes(DECLARACAO + grupo("envEvento versao=\"1.00\" xmlns=\"" + NS_NFE + "\"",
                el("idLote", ID_LOTE), evento.elemento(momentoDoEvento(chave, 135))));
    }

    /** Event batch answer (128) with the retEvento of one cancellation (110111). */
    public static byte[] retEnvEvento(String chave, int cStatRet) {
        Evento evento = Evento.cancelamento(chave, 1, "CNPJ", chave.substring(6, 20), "0".repeat(15));
        return bytes(DECLARACAO + grupo("retEnvEvento versao=\"1.00\" xmlns=\"" + NS_NFE + "\"",
                el("idLote", ID_LOTE), el("tpAmb", 1), el("verAplic", VER_APLIC_EVENTO),
                el("cOrgao", chave.substring(0, 2)), el("cStat", 128), el("xMotivo", "Lote de Evento Processado"),
                evento.retorno(cStatRet, momentoDoEvento(chave, cStatRet))));
    }

    /**
     * SOAP 1.2 envelope around any body. Requests (enviNFe, consReciNFe, consSitNFe, inutNFe, envEvento) go in
     * {@code nfeDadosMsg}, answers (ret*) in {@code nfeResultMsg}, each with its web service namespace; any other
     * root (nfeProc...) is wrapped as a synthetic NFeAutorizacao4 request.
     */
    public static byte[] soap(byte[] corpo) {
        String xml = new String(corpo, StandardCharsets.UTF_8).replaceFirst("^\uFEFF?\\s*<\\?xml[^>]*\\?>\\s*", "");
        Matcher raiz = RAIZ.matcher(xml);
        String nomeRaiz = raiz.lookingAt() ? raiz.group(1) : "";
        Servico servico = SERVICOS.getOrDefault(nomeRaiz, new Servico("NFeAutorizacao4", false));
        String ns = NS_WSDL + servico.nome();
        if (servico.resposta()) {
            return bytes(DECLARACAO + "<env:Envelope xmlns:env=\"" + NS_SOAP12 + "\"><env:Header/><env:Body>"
                    + "<nfeResultMsg xmlns=\"" + ns + "\">" + xml + "</nfeResultMsg></env:Body></env:Envelope>");
        }
        return bytes(DECLARACAO + "<soap12:Envelope xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                + " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:soap12=\"" + NS_SOAP12 + "\"><soap12:Body>"
                + "<nfeDadosMsg xmlns=\"" + ns + "\">" + xml + "</nfeDadosMsg></soap12:Body></soap12:Envelope>");
    }

    private record Servico(String nome, boolean resposta) {
    }

    private static final Map<String, Servico> SERVICOS = Map.of(
            "enviNFe", new Servico("NFeAutorizacao4", false),
            "retEnviNFe", new Servico("NFeAutorizacao4", true),
            "consReciNFe", new Servico("NFeRetAutorizacao4", false),
            "retConsReciNFe", new Servico("NFeRetAutorizacao4", true),
            "consSitNFe", new Servico("NFeConsultaProtocolo4", false),
            "retConsSitNFe", new Servico("NFeConsultaProtocolo4", true),
            "inutNFe", new Servico("NFeInutilizacao4", false),
            "retInutNFe", new Servico("NFeInutilizacao4", true),
            "envEvento", new Servico("NFeRecepcaoEvento4", false),
            "retEnvEvento", new Servico("NFeRecepcaoEvento4", true));

    private static String idInutilizacao(String cnpj, int serie, long nNFIni, long nNFFin) {
        exigir(cnpj, "[0-9A-Z]{12}[0-9]{2}", "CNPJ");
        return "ID" + UF_PADRAO + "26" + cnpj + "55" + "%03d".formatted(serie) + "%09d".formatted(nNFIni)
                + "%09d".formatted(nNFFin);
    }

    private static String elementoInutNFe(String cnpj, int serie, long nNFIni, long nNFFin) {
        String id = idInutilizacao(cnpj, serie, nNFIni, nNFFin);
        return grupo("inutNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                grupo("infInut Id=\"" + id + "\"", camposInutilizacao(cnpj, serie, nNFIni, nNFFin, true)),
                assinatura("#" + id));
    }

    private static String elementoRetInutNFe(String cnpj, int serie, long nNFIni, long nNFFin) {
        String nProt = protocoloSefaz(UF_PADRAO, "26", 5_000_000L + nNFIni);
        return grupo("retInutNFe versao=\"4.00\" xmlns=\"" + NS_NFE + "\"",
                grupo("infInut Id=\"ID" + nProt + "\"",
                        el("tpAmb", 1), el("verAplic", "SP_NFE_PL009_V4"), el("cStat", 102),
                        el("xMotivo", "Inutilização de número homologado"),
                        camposInutilizacao(cnpj, serie, nNFIni, nNFFin, false),
                        el("dhRecbto", "2026-11-20T16:00:02-03:00"), el("nProt", nProt)));
    }

    private static String camposInutilizacao(String cnpj, int serie, long nNFIni, long nNFFin, boolean pedido) {
        return se(pedido, el("tpAmb", 1) + el("xServ", "INUTILIZAR"))
                + el("cUF", UF_PADRAO) + el("ano", "26") + el("CNPJ", cnpj) + el("mod", "55") + el("serie", serie)
                + el("nNFIni", nNFIni) + el("nNFFin", nNFFin)
                + se(pedido, el("xJust", "Quebra de sequencia na numeracao por falha do sistema"));
    }

    // ------------------------------------------------------------------ NFS-e ABRASF

    /** ABRASF 1.00 CompNfse; {@code dataCancelamento} null for an active NFS-e. */
    public static byte[] nfse100(String numero, String codigoVerificacao, String dataEmissao, String cnpjPrestador,
                                 String documentoTomador, BigDecimal valor, String dataCancelamento) {
        return Nfse.abrasf("1.00").comNumero(numero).comCodigoVerificacao(codigoVerificacao)
                .comDataEmissao(dataEmissao).comPrestador(cnpjPrestador).comTomador(documentoTomador).comValor(valor)
                .cancelada(dataCancelamento).xml();
    }

    /** ABRASF 2.01/2.02 or 2.04 CompNfse; {@code dataCancelamento} null for an active NFS-e. */
    public static byte[] nfse20x(String versao, String numero, String codigoVerificacao, String dataEmissao,
                                 String cnpjPrestador, String documentoTomador, BigDecimal valor, String dataCancelamento) {
        if (!versao.startsWith("2.")) {
            throw new IllegalArgumentException("versão 2.0x esperada: " + versao);
        }
        return Nfse.abrasf(versao).comNumero(numero).comCodigoVerificacao(codigoVerificacao)
                .comDataEmissao(dataEmissao).comPrestador(cnpjPrestador).comTomador(documentoTomador).comValor(valor)
                .cancelada(dataCancelamento).xml();
    }

    /** An ABRASF NFS-e (CompNfse). Immutable like {@link Nfe}. */
    public static final class Nfse implements Cloneable {
        private final String versao;
        private String numero = "1234";
        private String codigoVerificacao = "A1B2C3D4E";
        private String dataEmissao = "2026-11-20T10:15:00";
        private String cnpjPrestador = CNPJ_EMITENTE;
        private String documentoTomador = CPF_DESTINATARIO;
        private BigDecimal valor = new BigDecimal("250.00");
        private String dataCancelamento;

        private Nfse(String versao) {
            this.versao = versao;
        }

        /** "1.00", "2.01", "2.02" (2.02 flavour) or "2.04". */
        public static Nfse abrasf(String versao) {
            if (!Set.of("1.00", "2.01", "2.02", "2.04").contains(versao)) {
                throw new IllegalArgumentException("versão ABRASF não coberta: " + versao);
            }
            return new Nfse(versao);
        }

        public static Nfse abrasf100() {
            return abrasf("1.00");
        }

        public static Nfse abrasf202() {
            return abrasf("2.02");
        }

        public static Nfse abrasf204() {
            return abrasf("2.04");
        }

        public Nfse comNumero(String numero) {
            exigir(numero, "[0-9]{1,15}", "Numero");
            return com(n -> n.numero = numero);
        }

        public Nfse comCodigoVerificacao(String codigo) {
            exigir(codigo, "[a-zA-Z0-9]{1,9}", "CodigoVerificacao");
            return com(n -> n.codigoVerificacao = codigo);
        }

        /** xs:dateTime, e.g. 2026-11-20T10:15:00 (ABRASF files often carry no offset). */
        public Nfse comDataEmissao(String dataEmissao) {
            return com(n -> n.dataEmissao = dataEmissao);
        }

        public Nfse comPrestador(String cnpj) {
            exigir(cnpj, "[0-9A-Z]{12}[0-9]{2}", "CNPJ do prestador");
            return com(n -> n.cnpjPrestador = cnpj);
        }

        /** CPF (11) or CNPJ (14). */
        public Nfse comTomador(String cpfOuCnpj) {
            exigir(cpfOuCnpj, "[0-9]{11}|[0-9A-Z]{12}[0-9]{2}", "documento do tomador");
            return com(n -> n.documentoTomador = cpfOuCnpj);
        }

        public Nfse comValor(BigDecimal valor) {
            return com(n -> n.valor = valor);
        }

        public Nfse comValor(String valor) {
            return comValor(new BigDecimal(valor));
        }

        /** Adds NfseCancelamento with this date-time; null keeps the NFS-e active. */
        public Nfse cancelada(String dataHora) {
            return com(n -> n.dataCancelamento = dataHora);
        }

        public String versao() {
            return versao;
        }

        public String numero() {
            return numero;
        }

        public String codigoVerificacao() {
            return codigoVerificacao;
        }

        public String valor() {
            return dinheiro(valor);
        }

        public byte[] xml() {
            return bytes(versao.equals("1.00") ? texto100() : texto20x());
        }

        private Nfse com(Consumer<Nfse> mudanca) {
            try {
                Nfse copia = (Nfse) clone();
                mudanca.accept(copia);
                return copia;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }

        private String iss() {
            return dinheiro(valor.multiply(new BigDecimal("0.02")));
        }

        private String nomeTomador() {
            return documentoTomador.length() == 11 ? "Maria Souza" : "Comercial Andrade Ltda";
        }

        private static String cpfCnpj(String documento) {
            return documento.length() == 11 ? el("Cpf", documento) : el("Cnpj", documento);
        }

        private String texto100() {
            String cancelamento = dataCancelamento == null ? "" : recuado(preencher("""
                      <NfseCancelamento>
                        <Confirmacao id="canc${numero}">
                          <Pedido>
                            <InfPedidoCancelamento id="pedcanc${numero}">
                              <IdentificacaoNfse>
                                <Numero>${numero}</Numero>
                                <Cnpj>${prestador}</Cnpj>
                                <InscricaoMunicipal>48291037</InscricaoMunicipal>
                                <CodigoMunicipio>3550308</CodigoMunicipio>
                              </IdentificacaoNfse>
                              <CodigoCancelamento>1</CodigoCancelamento>
                            </InfPedidoCancelamento>
                          </Pedido>
                          <DataHoraCancelamento>${data}</DataHoraCancelamento>
                        </Confirmacao>
                        ${assinatura}
                      </NfseCancelamento>""",
                    "numero", numero, "prestador", cnpjPrestador, "data", esc(dataCancelamento),
                    "assinatura", assinatura("ds", "#canc" + numero)));
            return preencher("""
                    <?xml version="1.0" encoding="UTF-8"?>
                    <CompNfse xmlns="${ns}">
                      <Nfse>
                        <InfNfse id="nfse${numero}">
                          <Numero>${numero}</Numero>
                          <CodigoVerificacao>${codigo}</CodigoVerificacao>
                          <DataEmissao>${emissao}</DataEmissao>
                          <IdentificacaoRps>
                            <Numero>${numero}</Numero>
                            <Serie>A1</Serie>
                            <Tipo>1</Tipo>
                          </IdentificacaoRps>
                          <DataEmissaoRps>${dia}</DataEmissaoRps>
                          <NaturezaOperacao>1</NaturezaOperacao>
                          <OptanteSimplesNacional>1</OptanteSimplesNacional>
                          <IncentivadorCultural>2</IncentivadorCultural>
                          <Competencia>${dia}T00:00:00</Competencia>
                          <Servico>
                            <Valores>
                              <ValorServicos>${valor}</ValorServicos>
                              <IssRetido>2</IssRetido>
                              <ValorIss>${iss}</ValorIss>
                              <BaseCalculo>${valor}</BaseCalculo>
                              <Aliquota>0.02</Aliquota>
                              <ValorLiquidoNfse>${valor}</ValorLiquidoNfse>
                            </Valores>
                            <ItemListaServico>14.01</ItemListaServico>
                            <CodigoTributacaoMunicipio>140101</CodigoTributacaoMunicipio>
                            <Discriminacao>Montagem e instalação de móveis - pedido 1001</Discriminacao>
                            <CodigoMunicipio>3550308</CodigoMunicipio>
                          </Servico>
                          <PrestadorServico>
                            <IdentificacaoPrestador>
                              <Cnpj>${prestador}</Cnpj>
                              <InscricaoMunicipal>48291037</InscricaoMunicipal>
                            </IdentificacaoPrestador>
                            <RazaoSocial>Loja Exemplo Comércio Ltda</RazaoSocial>
                            <NomeFantasia>Loja Exemplo</NomeFantasia>
                            <Endereco>
                              <Endereco>Rua Augusta</Endereco>
                              <Numero>1500</Numero>
                              <Bairro>Consolação</Bairro>
                              <CodigoMunicipio>3550308</CodigoMunicipio>
                              <Uf>SP</Uf>
                              <Cep>01304001</Cep>
                            </Endereco>
                            <Contato>
                              <Telefone>1132345678</Telefone>
                              <Email>fiscal@lojaexemplo.com.br</Email>
                            </Contato>
                          </PrestadorServico>
                          <TomadorServico>
                            <IdentificacaoTomador>
                              <CpfCnpj>${tomador}</CpfCnpj>
                            </IdentificacaoTomador>
                            <RazaoSocial>${nomeTomador}</RazaoSocial>
                            <Endereco>
                              <Endereco>Avenida Paulista</Endereco>
                              <Numero>1000</Numero>
                              <Complemento>apto 12</Complemento>
                              <Bairro>Bela Vista</Bairro>
                              <CodigoMunicipio>3550308</CodigoMunicipio>
                              <Uf>SP</Uf>
                              <Cep>01310100</Cep>
                            </Endereco>
                          </TomadorServico>
                          <OrgaoGerador>
                            <CodigoMunicipio>3550308</CodigoMunicipio>
                            <Uf>SP</Uf>
                          </OrgaoGerador>
                        </InfNfse>
                        ${assinatura}
                      </Nfse>${cancelamento}
                    </CompNfse>
                    """,
                    "ns", NS_NFSE_100, "numero", numero, "codigo", codigoVerificacao, "emissao", esc(dataEmissao),
                    "dia", esc(dataEmissao.substring(0, 10)), "valor", dinheiro(valor), "iss", iss(),
                    "prestador", cnpjPrestador, "tomador", cpfCnpj(documentoTomador), "nomeTomador", nomeTomador(),
                    "assinatura", assinatura("ds", "#nfse" + numero), "cancelamento", cancelamento);
        }

        /** 2.01/2.02 keep IdentificacaoPrestador and call the taker Tomador; 2.04 drops it and says TomadorServico. */
        private String texto20x() {
            boolean v204 = versao.equals("2.04");
            String identificacaoPrestador = v204 ? "" : "<IdentificacaoPrestador>\n"
                    + "          <CpfCnpj>" + cpfCnpj(cnpjPrestador) + "</CpfCnpj>\n"
                    + "          <InscricaoMunicipal>48291037</InscricaoMunicipal>\n"
                    + "        </IdentificacaoPrestador>\n        ";
            String cancelamento = dataCancelamento == null ? "" : recuado(preencher("""
                      <NfseCancelamento versao="${versao}">
                        <Confirmacao Id="canc${numero}">
                          <Pedido>
                            <InfPedidoCancelamento Id="pedcanc${numero}">
                              <IdentificacaoNfse>
                                <Numero>${numero}</Numero>
                                <CpfCnpj>${prestador}</CpfCnpj>
                                <InscricaoMunicipal>48291037</InscricaoMunicipal>
                                <CodigoMunicipio>3550308</CodigoMunicipio>
                              </IdentificacaoNfse>
                              <CodigoCancelamento>1</CodigoCancelamento>
                            </InfPedidoCancelamento>
                          </Pedido>
                          <DataHora>${data}</DataHora>
                        </Confirmacao>
                        ${assinatura}
                      </NfseCancelamento>""",
                    "versao", versao, "numero", numero, "prestador", cpfCnpj(cnpjPrestador),
                    "data", esc(dataCancelamento), "assinatura", assinatura("ds", "#canc" + numero)));
            return preencher("""
                    <?xml version="1.0" encoding="UTF-8"?>
                    <CompNfse xmlns="${ns}">
                      <Nfse versao="${versao}">
                        <InfNfse Id="nfse${numero}">
                          <Numero>${numero}</Numero>
                          <CodigoVerificacao>${codigo}</CodigoVerificacao>
                          <DataEmissao>${emissao}</DataEmissao>
                          <ValoresNfse>
                            <BaseCalculo>${valor}</BaseCalculo>
                            <Aliquota>2.00</Aliquota>
                            <ValorIss>${iss}</ValorIss>
                            <ValorLiquidoNfse>${valor}</ValorLiquidoNfse>
                          </ValoresNfse>
                          <PrestadorServico>
                            ${identificacaoPrestador}<RazaoSocial>Loja Exemplo Comércio Ltda</RazaoSocial>
                            <NomeFantasia>Loja Exemplo</NomeFantasia>
                            <Endereco>
                              <Endereco>Rua Augusta</Endereco>
                              <Numero>1500</Numero>
                              <Bairro>Consolação</Bairro>
                              <CodigoMunicipio>3550308</CodigoMunicipio>
                              <Uf>SP</Uf>
                              <Cep>01304001</Cep>
                            </Endereco>
                            <Contato>
                              <Telefone>1132345678</Telefone>
                              <Email>fiscal@lojaexemplo.com.br</Email>
                            </Contato>
                          </PrestadorServico>
                          <OrgaoGerador>
                            <CodigoMunicipio>3550308</CodigoMunicipio>
                            <Uf>SP</Uf>
                          </OrgaoGerador>
                          <DeclaracaoPrestacaoServico>
                            <InfDeclaracaoPrestacaoServico Id="dps${numero}">
                              <Rps Id="rps${numero}">
                                <IdentificacaoRps>
                                  <Numero>${numero}</Numero>
                                  <Serie>A1</Serie>
                                  <Tipo>1</Tipo>
                                </IdentificacaoRps>
                                <DataEmissao>${dia}</DataEmissao>
                                <Status>1</Status>
                              </Rps>
                              <Competencia>${dia}</Competencia>
                              <Servico>
                                <Valores>
                                  <ValorServicos>${valor}</ValorServicos>
                                </Valores>
                                <IssRetido>2</IssRetido>
                                <ItemListaServico>14.01</ItemListaServico>
                                <CodigoTributacaoMunicipio>140101</CodigoTributacaoMunicipio>
                                <Discriminacao>Montagem e instalação de móveis - pedido 1001</Discriminacao>
                                <CodigoMunicipio>3550308</CodigoMunicipio>
                                <ExigibilidadeISS>1</ExigibilidadeISS>
                                <MunicipioIncidencia>3550308</MunicipioIncidencia>
                              </Servico>
                              <Prestador>
                                <CpfCnpj>${prestador}</CpfCnpj>
                                <InscricaoMunicipal>48291037</InscricaoMunicipal>
                              </Prestador>
                              <${tagTomador}>
                                <IdentificacaoTomador>
                                  <CpfCnpj>${tomador}</CpfCnpj>
                                </IdentificacaoTomador>
                                <RazaoSocial>${nomeTomador}</RazaoSocial>
                                <Endereco>
                                  <Endereco>Avenida Paulista</Endereco>
                                  <Numero>1000</Numero>
                                  <Complemento>apto 12</Complemento>
                                  <Bairro>Bela Vista</Bairro>
                                  <CodigoMunicipio>3550308</CodigoMunicipio>
                                  <Uf>SP</Uf>
                                  <Cep>01310100</Cep>
                                </Endereco>
                              </${tagTomador}>
                              <OptanteSimplesNacional>1</OptanteSimplesNacional>
                              <IncentivoFiscal>2</IncentivoFiscal>
                            </InfDeclaracaoPrestacaoServico>
                          </DeclaracaoPrestacaoServico>
                        </InfNfse>
                        ${assinatura}
                      </Nfse>${cancelamento}
                    </CompNfse>
                    """,
                    "ns", NS_NFSE_20X, "versao", versao, "numero", numero, "codigo", codigoVerificacao,
                    "emissao", esc(dataEmissao), "dia", esc(dataEmissao.substring(0, 10)), "valor", dinheiro(valor),
                    "iss", iss(), "identificacaoPrestador", identificacaoPrestador, "prestador", cpfCnpj(cnpjPrestador),
                    "tagTomador", v204 ? "TomadorServico" : "Tomador", "tomador", cpfCnpj(documentoTomador),
                    "nomeTomador", nomeTomador(), "assinatura", assinatura("ds", "#nfse" + numero),
                    "cancelamento", cancelamento);
        }
    }

    // ------------------------------------------------------------------ hostile and broken uploads

    /** nfeProc whose DTD declares an external entity on file:///etc/passwd, used in infCpl. */
    public static byte[] xxeArquivo() {
        return xxeRede("file:///etc/passwd");
    }

    /** nfeProc whose DTD declares an external entity on {@code url}, used in infCpl. */
    public static byte[] xxeRede(String url) {
        return bytes(nfeProcComDtd("<!DOCTYPE nfeProc [\n  <!ENTITY xxe SYSTEM \"" + url + "\">\n]>", "&xxe;"));
    }

    /** Ten nested entity levels (10^9 "lol"), referenced in infCpl. */
    public static byte[] billionLaughs() {
        StringBuilder dtd = new StringBuilder("<!DOCTYPE nfeProc [\n  <!ENTITY lol0 \"lol\">\n");
        for (int nivel = 1; nivel <= 9; nivel++) {
            dtd.append("  <!ENTITY lol").append(nivel).append(" \"")
               .append(("&lol" + (nivel - 1) + ";").repeat(10)).append("\">\n");
        }
        return bytes(nfeProcComDtd(dtd.append("]>").toString(), "&lol9;"));
    }

    /** A valid nfeProc with a harmless internal DTD (declares infNFe/@Id as an ID, as signers sometimes do). */
    public static byte[] comDoctype() {
        return bytes(nfeProcComDtd("<!DOCTYPE nfeProc [\n  <!ATTLIST infNFe Id ID #IMPLIED>\n]>", "Pedido 1001"));
    }

    public static byte[] vazio() {
        return new byte[0];
    }

    public static byte[] soEspacos() {
        return bytes("  \n\t  \r\n   \n");
    }

    /** A default nfeProc cut right before {@code <total>}: unclosed elements. */
    public static byte[] malformado() {
        String texto = Nfe.padrao().texto();
        return bytes(texto.substring(0, texto.indexOf("<total>")));
    }

    /** Well-formed, not fiscal, but tempting: versao="4.00" and a valid access key in a text node. */
    public static byte[] naoFiscal() {
        return bytes(preencher("""
                <?xml version="1.0" encoding="UTF-8"?>
                <pedido xmlns="http://erp.exemplo.com.br/schemas/pedido" versao="4.00">
                  <numero>1001</numero>
                  <cliente>Maria Souza</cliente>
                  <observacao>Nota fiscal de referencia: ${chave}</observacao>
                  <total>149.90</total>
                </pedido>
                """, "chave", Nfe.padrao().chave()));
    }

    /** The default nfeProc with every NF-e namespace declaration removed (Signature keeps xmldsig). */
    public static byte[] semNamespace() {
        return bytes(Nfe.padrao().texto().replace(" xmlns=\"" + NS_NFE + "\"", ""));
    }

    /** The same bytes preceded by a UTF-8 byte order mark, as some Windows tools save them. */
    public static byte[] comBom(byte[] xml) {
        byte[] resultado = new byte[xml.length + 3];
        resultado[0] = (byte) 0xEF;
        resultado[1] = (byte) 0xBB;
        resultado[2] = (byte) 0xBF;
        System.arraycopy(xml, 0, resultado, 3, xml.length);
        return resultado;
    }

    /**
     * The default nfeProc padded with infCpl text to exactly {@code tamanho} bytes. Well-formed; past 5000
     * characters infCpl exceeds its schema length, which is the point of a size test, not of a layout test.
     */
    public static byte[] grande(int tamanho) {
        int base = Nfe.padrao().comInfCpl("").xml().length;
        if (tamanho < base) {
            throw new IllegalArgumentException("mínimo de " + base + " bytes");
        }
        String frase = "Observacao complementar do pedido, repetida para ocupar espaco. ";
        String enchimento = frase.repeat((tamanho - base) / frase.length() + 1).substring(0, tamanho - base);
        return Nfe.padrao().comInfCpl(enchimento).xml();
    }

    /** A real one-page PDF 1.4 (catalog, pages, page, Helvetica, content stream) with a correct xref table. */
    public static byte[] pdf() {
        return pdf("DANFE de teste - sem valor fiscal", 0);
    }

    /** The same PDF with another line of text (ASCII, no parentheses): different bytes. */
    public static byte[] pdf(String texto) {
        return pdf(texto, 0);
    }

    /** A valid PDF of exactly {@code tamanho} bytes, padded with comment lines after the header. */
    public static byte[] pdfDeTamanho(int tamanho) {
        int base = pdf("DANFE grande", 0).length;
        if (tamanho < base + 2) {
            throw new IllegalArgumentException("mínimo de " + (base + 2) + " bytes");
        }
        // The startxref offset gains digits with the padding: adjust until the size is exact.
        int preenchimento = tamanho - base;
        byte[] gerado = pdf("DANFE grande", preenchimento);
        for (int i = 0; gerado.length != tamanho && i < 5; i++) {
            preenchimento -= gerado.length - tamanho;
            gerado = pdf("DANFE grande", preenchimento);
        }
        if (gerado.length != tamanho) {
            throw new IllegalStateException("PDF de " + gerado.length + " bytes em vez de " + tamanho);
        }
        return gerado;
    }

    private static byte[] pdf(String texto, int preenchimento) {
        String conteudo = "BT /F1 18 Tf 72 760 Td (" + texto + ") Tj ET";
        String[] objetos = {
                "<< /Type /Catalog /Pages 2 0 R >>",
                "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
                "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
                "<< /Length " + conteudo.length() + " >>\nstream\n" + conteudo + "\nendstream"};
        ByteArrayOutputStream saida = new ByteArrayOutputStream();
        escrever(saida, "%PDF-1.4\n");
        // A comment with high-bit bytes tells transfer tools the file is binary.
        saida.writeBytes(new byte[] {'%', (byte) 0xE2, (byte) 0xE3, (byte) 0xCF, (byte) 0xD3, '\n'});
        for (int resta = preenchimento; resta > 0; ) {
            int linha = Math.min(resta, 4096);
            escrever(saida, linha == 1 ? "\n" : "%" + "x".repeat(linha - 2) + "\n");
            resta -= linha;
        }
        int[] posicoes = new int[objetos.length];
        for (int i = 0; i < objetos.length; i++) {
            posicoes[i] = saida.size();
            escrever(saida, (i + 1) + " 0 obj\n" + objetos[i] + "\nendobj\n");
        }
        int inicioXref = saida.size();
        StringBuilder xref = new StringBuilder("xref\n0 " + (objetos.length + 1) + "\n0000000000 65535 f \n");
        for (int posicao : posicoes) {
            xref.append("%010d 00000 n \n".formatted(posicao));
        }
        xref.append("trailer\n<< /Size ").append(objetos.length + 1).append(" /Root 1 0 R >>\nstartxref\n")
            .append(inicioXref).append("\n%%EOF\n");
        escrever(saida, xref.toString());
        return saida.toByteArray();
    }

    /** Not a PDF at all: an HTML error page saved with a .pdf name. */
    public static byte[] pdfInvalido() {
        return bytes("<!DOCTYPE html>\n<html><head><title>Erro</title></head><body>DANFE indisponível</body></html>\n");
    }

    /** Starts with %PDF- but is cut in half: no xref, no %%EOF. */
    public static byte[] pdfTruncado() {
        byte[] inteiro = pdf();
        return Arrays.copyOf(inteiro, inteiro.length / 2);
    }

    private static String nfeProcComDtd(String dtd, String conteudoInfCpl) {
        String texto = Nfe.padrao().comInfCpl(MARCA).texto();
        return texto.replace(DECLARACAO, DECLARACAO + "\n" + dtd + "\n").replace(MARCA, conteudoInfCpl);
    }

    // ------------------------------------------------------------------ small helpers

    /** Compact ds:Signature (or unprefixed Signature) with deterministic dummy values. */
    private static String assinatura(String referencia) {
        return assinatura("", referencia);
    }

    private static String assinatura(String prefixo, String referencia) {
        String p = prefixo.isEmpty() ? "" : prefixo + ":";
        String declaracao = prefixo.isEmpty() ? "xmlns" : "xmlns:" + prefixo;
        return preencher("""
                <${p}Signature ${decl}="${ns}"><${p}SignedInfo>\
                <${p}CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>\
                <${p}SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>\
                <${p}Reference URI="${uri}"><${p}Transforms>\
                <${p}Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>\
                <${p}Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></${p}Transforms>\
                <${p}DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>\
                <${p}DigestValue>${digest}</${p}DigestValue></${p}Reference></${p}SignedInfo>\
                <${p}SignatureValue>${assinatura}</${p}SignatureValue>\
                <${p}KeyInfo><${p}X509Data><${p}X509Certificate>${certificado}</${p}X509Certificate></${p}X509Data>\
                </${p}KeyInfo></${p}Signature>""",
                "p", p, "decl", declaracao, "ns", NS_DSIG, "uri", referencia, "digest", digestValue(referencia),
                "assinatura", valorAssinatura(referencia), "certificado", CERTIFICADO);
    }

    /** 20-byte SHA-1 digest, base64, as in DigestValue and digVal. */
    private static String digestValue(String referencia) {
        return Base64.getEncoder().encodeToString(resumo("SHA-1", referencia));
    }

    /** 256 bytes (an RSA-2048 signature's size), base64. */
    private static String valorAssinatura(String referencia) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int bloco = 0; bytes.size() < 256; bloco++) {
            bytes.writeBytes(resumo("SHA-256", referencia + "#" + bloco));
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    /** DER-looking (SEQUENCE, 1340 bytes) so it starts with "MII" like real ICP-Brasil certificates; not parseable. */
    private static final String CERTIFICADO = certificadoFicticio();

    private static String certificadoFicticio() {
        ByteArrayOutputStream der = new ByteArrayOutputStream();
        der.writeBytes(new byte[] {0x30, (byte) 0x82, 0x05, 0x38});
        for (int bloco = 0; der.size() < 1340; bloco++) {
            der.writeBytes(resumo("SHA-256", "certificado ficticio A1 " + bloco));
        }
        return Base64.getEncoder().encodeToString(Arrays.copyOf(der.toByteArray(), 1340));
    }

    /** 15 digits: 1 + cUF + year (2) + 10-digit sequence, the shape seen in SEFAZ samples. */
    private static String protocoloSefaz(String cUF, String ano, long sequencia) {
        return "1" + cUF + ano + "%010d".formatted(sequencia % 10_000_000_000L);
    }

    /** NT 2019.001: cNF must not be a repeated digit, an ascending run, nor equal to nNF. */
    private static boolean cnfAceitavel(String cNF, long nNF) {
        boolean repetido = cNF.chars().distinct().count() == 1;
        boolean sequencia = "0123456789012345678".contains(cNF);
        return !repetido && !sequencia && Long.parseLong(cNF) != nNF;
    }

    private static String el(String nome, Object texto) {
        return "<" + nome + ">" + esc(String.valueOf(texto)) + "</" + nome + ">";
    }

    /** {@code abertura} is the start tag content (name and attributes); the end tag uses the name only. */
    private static String grupo(String abertura, String... filhos) {
        String nome = abertura.split(" ", 2)[0];
        return "<" + abertura + ">" + String.join("", filhos) + "</" + nome + ">";
    }

    private static String zeros(String... nomes) {
        StringBuilder campos = new StringBuilder();
        for (String nome : nomes) {
            campos.append(el(nome, "0.00"));
        }
        return campos.toString();
    }

    /** A block placed after a closing tag, on its own line, two spaces in. */
    private static String recuado(String bloco) {
        return "\n" + bloco.indent(2).stripTrailing();
    }

    private static String se(boolean condicao, String trecho) {
        return condicao ? trecho : "";
    }

    /** Replaces ${name} placeholders; values go in as given (escape text with {@link #esc} first). */
    private static String preencher(String modelo, String... pares) {
        String resultado = modelo;
        for (int i = 0; i < pares.length; i += 2) {
            resultado = resultado.replace("${" + pares[i] + "}", pares[i + 1]);
        }
        if (resultado.contains("${")) {
            throw new IllegalStateException("marcador sem valor em: " + resultado);
        }
        return resultado;
    }

    private static String esc(String texto) {
        return texto.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String dinheiro(BigDecimal valor) {
        return valor.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private static void exigir(String valor, String padrao, String campo) {
        if (valor == null || !valor.matches(padrao)) {
            throw new IllegalArgumentException(campo + " inválido: " + valor + " (esperado " + padrao + ")");
        }
    }

    private static void exigirProtocolo(Nfe nota) {
        if (nota.cStat == null) {
            throw new IllegalArgumentException("a nota não tem protocolo");
        }
    }

    private static byte[] resumo(String algoritmo, String texto) {
        try {
            return MessageDigest.getInstance(algoritmo).digest(texto.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void escrever(ByteArrayOutputStream saida, String texto) {
        saida.writeBytes(texto.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static byte[] bytes(String texto) {
        return texto.getBytes(StandardCharsets.UTF_8);
    }
}
