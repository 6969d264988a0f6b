package br.com.lojaapi.gateway.notafiscal;

import br.com.lojaapi.command.anexo.ConteudoDeArquivo;
import br.com.lojaapi.command.notafiscal.LeitorFiscal;
import br.com.lojaapi.command.notafiscal.LeituraFiscal;
import br.com.lojaapi.command.notafiscal.NotasFiscaisDoPedido;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import br.com.lojaapi.gateway.anexo.PartesDoEnvio;
import br.com.lojaapi.gateway.erro.ArquivoGrandeDemaisException;
import jakarta.servlet.http.Part;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What one POST to /pedidos/{id}/notas-fiscais carried, whatever its format: the XML and the PDF (each null when
 * not sent) and the key, number and series of a send without XML. Sizes are checked here (XML 2 MiB, PDF 5 MiB:
 * 413), and so is that a PDF is one (400); the XML is judged by its reader.
 */
record EntradaFiscal(byte[] xml, byte[] pdf, String chave, String numero, String serie) {

    static final int XML_MAXIMO = 2 * 1024 * 1024;
    static final int PDF_MAXIMO = 5 * 1024 * 1024;
    private static final Pattern ESPACOS = Pattern.compile("\\s+");

    EntradaFiscal {
        if (xml != null && xml.length > XML_MAXIMO) {
            throw new ArquivoGrandeDemaisException("XML acima do limite de 2 MiB (" + XML_MAXIMO + " bytes)");
        }
        if (pdf != null) {
            if (pdf.length > PDF_MAXIMO) {
                throw new ArquivoGrandeDemaisException("PDF acima do limite de 5 MiB (" + PDF_MAXIMO + " bytes)");
            }
            ConteudoDeArquivo.exigirPdf(pdf);
        }
        chave = chave == null || chave.isBlank() ? null : ESPACOS.matcher(chave).replaceAll("").toUpperCase(Locale.ROOT);
        numero = numero == null || numero.isBlank() ? null : numero.trim();
        serie = serie == null || serie.isBlank() ? null : serie.trim();
    }

    /**
     * The XML read (null when none was sent), once what the request says about itself agrees with it: all of it is
     * checked before anything is stored.
     */
    LeituraFiscal ler() {
        LeituraFiscal leitura = xml == null ? null : LeitorFiscal.ler(xml);
        if (leitura == null) {
            if (chave == null) {
                throw ErroDeNegocio.invalido(pdf != null
                        ? "Para anexar um PDF sem XML, envie a chave de acesso da nota (chave)"
                        : "Envie o XML da nota (xml, xmlBase64, parte xml ou fiscal_document) ou, sem XML, a chave "
                                + "de acesso (chave)");
            }
            NotasFiscaisDoPedido.dadosDaChave(chave, numero, serie);
        } else if (leitura instanceof LeituraFiscal.Cancelamento cancelamento) {
            if (pdf != null) {
                throw ErroDeNegocio.invalido("O evento de cancelamento não leva PDF: envie o DANFE com a nota");
            }
            exigirMesmaChave(cancelamento.chave());
        } else {
            conferir(((LeituraFiscal.Nota) leitura).dados());
        }
        return leitura;
    }

    private void conferir(DadosNotaFiscal nota) {
        if (nota.chave() == null && chave != null) {
            throw ErroDeNegocio.invalido("NFS-e não tem chave de acesso: não envie chave com ela");
        }
        exigirMesmaChave(nota.chave());
        if (numero != null && !semZerosAEsquerda(numero).equals(nota.numero())) {
            throw ErroDeNegocio.invalido("numero " + numero + " difere do número do XML (" + nota.numero() + ")");
        }
        if (serie != null && !semZerosAEsquerda(serie).equals(nota.serie())) {
            throw ErroDeNegocio.invalido("serie " + serie + " difere da série do XML (" + nota.serie() + ")");
        }
    }

    private void exigirMesmaChave(String doXml) {
        if (chave != null && !chave.equals(doXml)) {
            throw ErroDeNegocio.invalido("chave " + chave + " difere da chave do XML (" + doXml + ")");
        }
    }

    private static String semZerosAEsquerda(String texto) {
        return texto.replaceFirst("^0+(?=.)", "");
    }

    /** Raw {@code application/xml} body. */
    static EntradaFiscal doXml(byte[] corpo) {
        return new EntradaFiscal(corpo == null ? new byte[0] : corpo, null, null, null, null);
    }

    static EntradaFiscal doJson(CorpoDeNotaFiscal corpo) {
        if (corpo == null) {
            throw ErroDeNegocio.invalido("Corpo JSON vazio: envie xml (ou xmlBase64), ou a chave");
        }
        if (corpo.xml() != null && corpo.xmlBase64() != null) {
            throw ErroDeNegocio.invalido("Envie xml ou xmlBase64, não os dois");
        }
        if (corpo.pdf() != null && corpo.pdfBase64() != null) {
            throw ErroDeNegocio.invalido("Envie pdfBase64 ou pdf, não os dois");
        }
        byte[] xml = corpo.xml() != null ? corpo.xml().getBytes(StandardCharsets.UTF_8)
                : PartesDoEnvio.base64(corpo.xmlBase64(), "xmlBase64");
        byte[] pdf = PartesDoEnvio.base64(corpo.pdfBase64() != null ? corpo.pdfBase64() : corpo.pdf(),
                corpo.pdfBase64() != null ? "pdfBase64" : "pdf");
        return new EntradaFiscal(xml, pdf, corpo.chave(), corpo.numero(), corpo.serie());
    }

    /**
     * {@code multipart/form-data}: parts {@code xml} and {@code pdf}, or up to two {@code fiscal_document} parts
     * whose type is told by their content; fields {@code chave}, {@code numero}, {@code serie}. A part may be a
     * file or a plain field.
     */
    static EntradaFiscal doMultipart(Collection<Part> partes) throws IOException {
        byte[] xml = null;
        byte[] pdf = null;
        String chave = null;
        String numero = null;
        String serie = null;
        for (Part parte : partes) {
            String nome = parte.getName();
            switch (nome) {
                case "xml" -> {
                    exigirUnica(xml, "xml");
                    xml = ler(parte, XML_MAXIMO, "XML acima do limite de 2 MiB (" + XML_MAXIMO + " bytes)");
                }
                case "pdf" -> {
                    exigirUnica(pdf, "pdf");
                    pdf = ler(parte, PDF_MAXIMO, "PDF acima do limite de 5 MiB (" + PDF_MAXIMO + " bytes)");
                }
                case "fiscal_document" -> {
                    byte[] conteudo = ler(parte, PDF_MAXIMO, "Arquivo acima do limite de 5 MiB (PDF) e 2 MiB (XML)");
                    if (ConteudoDeArquivo.pdf(conteudo)) {
                        exigirUnica(pdf, "fiscal_document com PDF");
                        pdf = conteudo;
                    } else if (ConteudoDeArquivo.xml(conteudo)) {
                        exigirUnica(xml, "fiscal_document com XML");
                        xml = conteudo;
                    } else {
                        throw ErroDeNegocio.invalido("fiscal_document: o conteúdo não é XML nem PDF"
                                + (conteudo.length == 0 ? " (arquivo vazio)" : ""));
                    }
                }
                case "chave" -> chave = texto(parte);
                case "numero" -> numero = texto(parte);
                case "serie" -> serie = texto(parte);
                default -> throw ErroDeNegocio.invalido("Parte desconhecida no multipart: '" + nome
                        + "'; use xml, pdf, fiscal_document, chave, numero e serie");
            }
        }
        return new EntradaFiscal(xml, pdf, chave, numero, serie);
    }

    private static void exigirUnica(byte[] existente, String parte) {
        if (existente != null) {
            throw ErroDeNegocio.invalido("Mais de um " + parte + " no multipart: envie um XML e, opcionalmente, "
                    + "um PDF");
        }
    }

    private static byte[] ler(Part parte, int maximo, String acima) throws IOException {
        byte[] conteudo = PartesDoEnvio.ler(parte, maximo, acima);
        if (conteudo.length > maximo) {
            throw new ArquivoGrandeDemaisException(acima);
        }
        return conteudo;
    }

    private static String texto(Part parte) throws IOException {
        return PartesDoEnvio.texto(parte, 200, "no máximo 200 caracteres");
    }
}
