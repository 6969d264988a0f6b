package br.com.lojaapi.query.rotulo;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.MultiFormatReader;
import com.google.zxing.NotFoundException;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads labels back as a scanner and a printer would, for the renderer tests and the HTTP tests alike: barcodes
 * decoded from the rendered page, text extracted from the PDF, ZPL blocks and field data after hex escapes.
 * The HTTP tests of api-gateway reach it through this module's test jar.
 */
public final class LeitorDeRotulos {

    public static final Pattern BLOCO = Pattern.compile("\\^XA.*?\\^XZ", Pattern.DOTALL);
    public static final Pattern CODE_128 = Pattern.compile("\\^BC[^^]*(\\^FH)?\\^FD([^^]*)\\^FS");
    public static final Pattern QR = Pattern.compile("\\^BQ[^^]*(\\^FH)?\\^FD([^^]*)\\^FS");
    public static final Pattern TEXTO = Pattern.compile("\\^A0N[^^]*(\\^FH)?\\^FD([^^]*)\\^FS");

    private LeitorDeRotulos() {
    }

    /** A page of a PDF label as a printer and a scanner see it: its size, its Code 128 and its QR code. */
    public record PaginaLida(String tamanho, String codigoDeBarras, String qrCode) {
    }

    /** Page {@code indice} (from 0): its size in millimetres ("100.0x150.0 mm") and its codes, read at 300 dpi. */
    public static PaginaLida pagina(PDDocument documento, int indice) throws IOException, NotFoundException {
        PDRectangle caixa = documento.getPage(indice).getMediaBox();
        BufferedImage imagem = new PDFRenderer(documento).renderImageWithDPI(indice, 300, ImageType.GRAY);
        String tamanho = String.format(Locale.ROOT, "%.1fx%.1f mm", milimetros(caixa.getWidth()),
                milimetros(caixa.getHeight()));
        return new PaginaLida(tamanho, ler(imagem, BarcodeFormat.CODE_128), ler(imagem, BarcodeFormat.QR_CODE));
    }

    private static double milimetros(float pontos) {
        return pontos / 72.0 * 25.4;
    }

    /** The code of that format on the page, as a scanner app built on ZXing reads it. */
    public static String ler(BufferedImage imagem, BarcodeFormat formato) throws NotFoundException {
        Map<DecodeHintType, Object> dicas = Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE,
                DecodeHintType.POSSIBLE_FORMATS, List.of(formato));
        return new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(
                new BufferedImageLuminanceSource(imagem))), dicas).getText();
    }

    public static String textoDe(byte[] pdf) throws IOException {
        try (PDDocument documento = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(documento);
        }
    }

    /** The text of one page, counted from 1. */
    public static String texto(PDDocument documento, int pagina) throws IOException {
        PDFTextStripper extrator = new PDFTextStripper();
        extrator.setStartPage(pagina);
        extrator.setEndPage(pagina);
        return extrator.getText(documento);
    }

    public static List<String> blocos(String zpl) {
        List<String> blocos = new ArrayList<>();
        Matcher bloco = BLOCO.matcher(zpl);
        while (bloco.find()) {
            blocos.add(bloco.group());
        }
        return blocos;
    }

    /** The data of each field the pattern finds, as the printer reads it after resolving ^FH hex escapes. */
    public static List<String> dadosDe(Pattern campo, String zpl) {
        List<String> dados = new ArrayList<>();
        Matcher m = campo.matcher(zpl);
        while (m.find()) {
            dados.add(m.group(1) == null ? m.group(2) : semEscapes(m.group(2)));
        }
        return dados;
    }

    /** Every printed text of the ZPL, in order, joined by spaces. */
    public static String dadosDeTexto(String zpl) {
        return String.join(" ", dadosDe(TEXTO, zpl));
    }

    private static String semEscapes(String dados) {
        return Pattern.compile("_([0-9A-Fa-f]{2})").matcher(dados)
                      .replaceAll(r -> Matcher.quoteReplacement(
                              String.valueOf((char) HexFormat.fromHexDigits(r.group(1)))));
    }
}
