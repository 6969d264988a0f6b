package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import org.w3c.dom.Element;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads an uploaded fiscal XML: an NF-e/NFC-e (as {@code nfeProc} or a bare {@code NFe}), a cancellation event
 * ({@code procEventoNFe} 110111/110112) or an ABRASF NFS-e ({@code CompNfse}, 1.00 and 2.0x). Everything else is
 * refused with a message that says what the file is, transport messages of the SEFAZ web services included, and
 * so is anything not authorised. The parser never resolves anything outside the document ({@link XmlSeguro}).
 */
public final class LeitorFiscal {

    static final String NS_NFE = "http://www.portalfiscal.inf.br/nfe";
    private static final Set<String> AUTORIZADA = Set.of("100", "150");
    private static final Set<String> DENEGADA = Set.of("110", "205", "301", "302", "303");
    private static final Set<String> EVENTO_HOMOLOGADO = Set.of("135", "136", "155");
    private static final ZoneOffset BRASILIA = ZoneOffset.ofHours(-3);
    private static final Pattern NUMERO = Pattern.compile("[0-9]{1,15}");
    private static final Pattern SERIE = Pattern.compile("[0-9]{1,3}");
    private static final Pattern CODIGO = Pattern.compile("[\\p{Alnum}./_-]{1,60}");
    private static final Pattern DOCUMENTO = Pattern.compile("[0-9A-Za-z]{1,20}");
    private static final Pattern PROTOCOLO = Pattern.compile("[0-9]{1,20}");

    /** Transport messages: what each is, in words a sender recognises. */
    private static final Map<String, String> TRANSPORTE = Map.ofEntries(
            Map.entry("enviNFe", "um lote de envio à SEFAZ (enviNFe), com notas ainda sem protocolo; envie o XML "
                    + "autorizado de cada nota (nfeProc)"),
            Map.entry("retEnviNFe", "o retorno do envio de um lote (retEnviNFe)"),
            Map.entry("consReciNFe", "uma consulta de recibo de lote (consReciNFe)"),
            Map.entry("retConsReciNFe", "o retorno da consulta de recibo de lote (retConsReciNFe)"),
            Map.entry("consSitNFe", "uma consulta de situação de nota (consSitNFe)"),
            Map.entry("retConsSitNFe", "o retorno da consulta de situação de nota (retConsSitNFe)"),
            Map.entry("inutNFe", "um pedido de inutilização de numeração (inutNFe)"),
            Map.entry("retInutNFe", "o retorno de uma inutilização de numeração (retInutNFe)"),
            Map.entry("ProcInutNFe", "uma inutilização de numeração processada (ProcInutNFe)"),
            Map.entry("procInutNFe", "uma inutilização de numeração processada (procInutNFe)"),
            Map.entry("envEvento", "um lote de envio de eventos (envEvento); envie o evento homologado "
                    + "(procEventoNFe)"),
            Map.entry("retEnvEvento", "o retorno de um lote de eventos (retEnvEvento); envie o evento homologado "
                    + "(procEventoNFe)"),
            Map.entry("evento", "um evento sem o retorno da SEFAZ (falta o retEvento); envie o procEventoNFe"),
            Map.entry("consStatServ", "uma consulta de status do serviço (consStatServ)"),
            Map.entry("retConsStatServ", "o retorno da consulta de status do serviço (retConsStatServ)"));

    private LeitorFiscal() {
    }

    public static LeituraFiscal ler(byte[] xml) {
        Element raiz = XmlSeguro.ler(xml).getDocumentElement();
        String nome = raiz.getLocalName();
        if ("Envelope".equals(nome)) {
            throw ErroDeNegocio.invalido("O arquivo é um envelope SOAP de web service, não uma nota fiscal; "
                    + "envie o XML da nota autorizada (nfeProc)");
        }
        if ("CompNfse".equals(nome)) {
            return exigirCampos(LeitorDeNfse.ler(raiz));
        }
        if (NS_NFE.equals(raiz.getNamespaceURI())) {
            switch (nome) {
                case "nfeProc" -> {
                    return exigirCampos(nfe(Dom.filho(raiz, "NFe"), Dom.caminho(raiz, "protNFe", "infProt")));
                }
                case "NFe" -> {
                    return exigirCampos(nfe(raiz, null));
                }
                case "procEventoNFe" -> {
                    return evento(raiz);
                }
                default -> {
                    String transporte = TRANSPORTE.get(nome);
                    if (transporte != null) {
                        throw ErroDeNegocio.invalido("O arquivo é " + transporte + ", não uma nota fiscal");
                    }
                }
            }
        }
        throw ErroDeNegocio.invalido("O XML não é uma NF-e, NFC-e ou NFS-e (elemento raiz " + nome + ")");
    }

    private static LeituraFiscal.Nota nfe(Element nfe, Element protocolo) {
        Element inf = nfe == null ? null : Dom.filho(nfe, "infNFe");
        if (inf == null) {
            throw ErroDeNegocio.invalido("O XML não tem o grupo infNFe de uma NF-e/NFC-e");
        }
        String id = inf.getAttribute("Id");
        String chave = id.startsWith("NFe") ? id.substring(3) : id;
        exigirChave(chave);
        String modelo = Dom.texto(inf, "ide", "mod");
        if (!"55".equals(modelo) && !"65".equals(modelo)) {
            throw ErroDeNegocio.invalido("Modelo " + modelo + " não é NF-e (55) nem NFC-e (65)");
        }
        if (!modelo.equals(ChaveDeAcesso.modelo(chave))) {
            throw ErroDeNegocio.invalido("A chave de acesso não corresponde ao modelo da nota (" + modelo + ")");
        }
        String numero = Dom.texto(inf, "ide", "nNF");
        String serie = Dom.texto(inf, "ide", "serie");
        String emitente = primeiro(Dom.texto(inf, "emit", "CNPJ"), Dom.texto(inf, "emit", "CPF"));
        String destinatario = primeiro(Dom.texto(inf, "dest", "CNPJ"), Dom.texto(inf, "dest", "CPF"),
                Dom.texto(inf, "dest", "idEstrangeiro"));
        BigDecimal valor = decimal(Dom.texto(inf, "total", "ICMSTot", "vNF"), "total/ICMSTot/vNF");
        OffsetDateTime emissao = dataHora(primeiro(Dom.texto(inf, "ide", "dhEmi"), Dom.texto(inf, "ide", "dEmi")),
                "ide/dhEmi");
        boolean teste = "2".equals(Dom.texto(inf, "ide", "tpAmb"));
        String numeroDoProtocolo = null;
        if (protocolo != null) {
            String cStat = Dom.texto(protocolo, "cStat");
            if (cStat == null) {
                throw ErroDeNegocio.invalido("Protocolo de autorização (protNFe/infProt) sem cStat");
            }
            String motivo = Dom.texto(protocolo, "xMotivo");
            if (!chave.equals(Dom.texto(protocolo, "chNFe"))) {
                throw ErroDeNegocio.invalido("O protocolo (protNFe) é de outra chave de acesso");
            }
            if (DENEGADA.contains(cStat)) {
                throw ErroDeNegocio.invalido("Nota com uso denegado (cStat " + cStat + ": " + motivo + ")");
            }
            if (!AUTORIZADA.contains(cStat)) {
                throw ErroDeNegocio.invalido("Nota não autorizada (cStat " + cStat + ": " + motivo + ")");
            }
            numeroDoProtocolo = Dom.texto(protocolo, "nProt");
        }
        return new LeituraFiscal.Nota(new DadosNotaFiscal(modelo, chave, numero, serie, null, emissao, valor, emitente,
                destinatario, numeroDoProtocolo, teste), null);
    }

    private static LeituraFiscal.Cancelamento evento(Element proc) {
        Element inf = Dom.caminho(proc, "evento", "infEvento");
        if (inf == null) {
            throw ErroDeNegocio.invalido("O XML não tem o grupo evento/infEvento de um evento de NF-e");
        }
        String tipo = Dom.texto(inf, "tpEvento");
        if ("110110".equals(tipo)) {
            throw ErroDeNegocio.invalido("Carta de correção (evento 110110) não é aceita; só o cancelamento "
                    + "(110111 ou 110112)");
        }
        if (!"110111".equals(tipo) && !"110112".equals(tipo)) {
            throw ErroDeNegocio.invalido("Evento " + tipo + " não é aceito; só o cancelamento (110111 ou 110112)");
        }
        String chave = Dom.texto(inf, "chNFe");
        exigirChave(chave);
        Element retorno = Dom.caminho(proc, "retEvento", "infEvento");
        String cStat = retorno == null ? null : Dom.texto(retorno, "cStat");
        if (cStat == null) {
            throw ErroDeNegocio.invalido("Evento de cancelamento sem o retorno da SEFAZ (retEvento com cStat): "
                    + "envie o procEventoNFe homologado");
        }
        boolean homologado = EVENTO_HOMOLOGADO.contains(cStat) && !("155".equals(cStat) && "110112".equals(tipo));
        if (!homologado) {
            throw ErroDeNegocio.invalido("Cancelamento não homologado pela SEFAZ (cStat " + cStat
                    + (retorno == null ? "" : ": " + Dom.texto(retorno, "xMotivo")) + ")");
        }
        OffsetDateTime em = dataHora(primeiro(Dom.texto(retorno, "dhRegEvento"), Dom.texto(inf, "dhEvento")),
                "retEvento/infEvento/dhRegEvento");
        String protocolo = Dom.texto(retorno, "nProt");
        if (protocolo != null && !PROTOCOLO.matcher(protocolo).matches()) {
            throw ErroDeNegocio.invalido("Número do protocolo do evento inválido: de 1 a 20 dígitos");
        }
        return new LeituraFiscal.Cancelamento(chave, tipo, protocolo, em);
    }

    /**
     * What is kept of an invoice must be what the layouts allow: a file that breaks them (a number that is not
     * the key's, a value with four decimals, a 300-character code) is refused here, before anything is stored,
     * rather than kept as something no list or order summary can show.
     */
    private static LeituraFiscal.Nota exigirCampos(LeituraFiscal.Nota nota) {
        DadosNotaFiscal n = nota.dados();
        if (n.numero() == null || !NUMERO.matcher(n.numero()).matches()) {
            throw ErroDeNegocio.invalido("Número da nota ausente ou inválido (" + n.numero() + "): de 1 a 15 dígitos");
        }
        if (n.chave() != null) {
            if (!semZeros(n.numero()).equals(ChaveDeAcesso.numero(n.chave()))) {
                throw ErroDeNegocio.invalido("O número da nota (ide/nNF " + n.numero()
                        + ") difere do número da chave de acesso (" + ChaveDeAcesso.numero(n.chave()) + ")");
            }
            if (n.serie() == null || !SERIE.matcher(n.serie()).matches()
                    || !semZeros(n.serie()).equals(ChaveDeAcesso.serie(n.chave()))) {
                throw ErroDeNegocio.invalido("A série da nota (ide/serie " + n.serie()
                        + ") difere da série da chave de acesso (" + ChaveDeAcesso.serie(n.chave()) + ")");
            }
        } else {
            if (n.codigoVerificacao() == null || !CODIGO.matcher(n.codigoVerificacao()).matches()) {
                throw ErroDeNegocio.invalido("CodigoVerificacao da NFS-e inválido: de 1 a 60 caracteres, sem espaços");
            }
            if (n.cnpjEmitente() == null) {
                throw ErroDeNegocio.invalido("NFS-e sem o CNPJ ou CPF do prestador");
            }
        }
        BigDecimal valor = n.valorTotal();
        if (valor != null && (valor.scale() > 2 || valor.precision() - valor.scale() > 13)) {
            throw ErroDeNegocio.invalido("Valor total da nota inválido (" + valor.toPlainString()
                    + "): no máximo 13 dígitos inteiros e 2 decimais");
        }
        exigirDocumento(n.cnpjEmitente(), "emitente");
        exigirDocumento(n.documentoDestinatario(), "destinatário");
        if (n.protocolo() != null && !PROTOCOLO.matcher(n.protocolo()).matches()) {
            throw ErroDeNegocio.invalido("Número do protocolo de autorização inválido: de 1 a 20 dígitos");
        }
        return nota;
    }

    private static void exigirDocumento(String documento, String parte) {
        if (documento != null && !DOCUMENTO.matcher(documento).matches()) {
            throw ErroDeNegocio.invalido("Documento do " + parte + " inválido: até 20 letras e dígitos");
        }
    }

    private static String semZeros(String texto) {
        return texto.replaceFirst("^0+(?=.)", "");
    }

    static void exigirChave(String chave) {
        if (!ChaveDeAcesso.valida(chave)) {
            String mostrada = chave == null || chave.length() <= 60 ? chave : chave.substring(0, 60) + "…";
            throw ErroDeNegocio.invalido("Chave de acesso inválida: " + mostrada
                    + " (44 caracteres com dígito verificador correto)");
        }
    }

    static String primeiro(String... valores) {
        for (String v : valores) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    static BigDecimal decimal(String texto, String campo) {
        try {
            return new BigDecimal(texto);
        } catch (NullPointerException | NumberFormatException e) {
            throw ErroDeNegocio.invalido("Valor ausente ou inválido em " + campo);
        }
    }

    /** A date-time as fiscal XMLs write it; without an offset (older layouts, NFS-e), Brasília time. */
    static OffsetDateTime dataHora(String texto, String campo) {
        if (texto == null) {
            throw ErroDeNegocio.invalido("Data ausente em " + campo);
        }
        try {
            return OffsetDateTime.parse(texto);
        } catch (DateTimeParseException e) {
            try {
                return texto.length() == 10 ? LocalDateTime.parse(texto + "T00:00:00").atOffset(BRASILIA)
                        : LocalDateTime.parse(texto).atOffset(BRASILIA);
            } catch (DateTimeParseException e2) {
                throw ErroDeNegocio.invalido("Data inválida em " + campo + ": " + texto);
            }
        }
    }
}
