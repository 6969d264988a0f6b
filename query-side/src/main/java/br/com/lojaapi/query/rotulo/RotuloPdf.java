package br.com.lojaapi.query.rotulo;

import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import com.itextpdf.text.Document;
import com.itextpdf.text.DocumentException;
import com.itextpdf.text.PageSize;
import com.itextpdf.text.Rectangle;
import com.itextpdf.text.Utilities;
import com.itextpdf.text.pdf.PdfContentByte;
import com.itextpdf.text.pdf.PdfTemplate;
import com.itextpdf.text.pdf.PdfWriter;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Objects;

import static br.com.lojaapi.query.rotulo.Tipografia.NEGRITO;
import static br.com.lojaapi.query.rotulo.Tipografia.NORMAL;
import static br.com.lojaapi.query.rotulo.Tipografia.emWinAnsi;
import static br.com.lojaapi.query.rotulo.Tipografia.quebrar;

/**
 * The store's own shipping labels as PDF: one 100 x 150 mm page per label for thermal printers, or four labels per
 * A4 sheet with cut lines for office printers, about 96% of the real size.
 *
 * <p>Text uses the standard Helvetica in WinAnsi encoding: no font file is embedded, the file stays small, and every
 * Portuguese letter is both printed and extractable. Barcodes are drawn as vector rectangles, so they stay sharp at
 * any printer resolution; on the 10 x 15 page their modules are whole dots of a 203 dpi printer, the most common
 * label printer, so no bar is widened or narrowed by rounding.
 */
public final class RotuloPdf {

    static final float LARGURA = Utilities.millimetersToPoints(100);
    static final float ALTURA = Utilities.millimetersToPoints(150);

    static final float MARGEM = 10;
    static final float UTIL = LARGURA - 2 * MARGEM;
    private static final float PONTO_DA_IMPRESSORA = 72f / 203;
    private static final int ZONA_DE_SILENCIO_128 = 10;
    private static final int ZONA_DE_SILENCIO_QR = 4;
    static final float ALTURA_DAS_BARRAS = 40;
    private static final float LARGURA_DO_QR = 90;
    static final float ENTRELINHA = 1.2f;

    private RotuloPdf() {
    }

    /**
     * @throws IllegalArgumentException when there is no label to print, or a link does not fit in a QR code
     */
    public static byte[] gerar(List<Rotulo> rotulos, TamanhoDoRotulo tamanho) {
        Objects.requireNonNull(tamanho, "tamanho");
        if (rotulos == null || rotulos.isEmpty()) {
            throw new IllegalArgumentException("nenhuma etiqueta para gerar");
        }
        Rectangle pagina = tamanho == TamanhoDoRotulo.A4 ? PageSize.A4 : new Rectangle(LARGURA, ALTURA);
        Document documento = new Document(pagina, 0, 0, 0, 0);
        ByteArrayOutputStream saida = new ByteArrayOutputStream();
        try {
            PdfWriter escritor = PdfWriter.getInstance(documento, saida);
            escritor.setFullCompression();
            documento.addTitle("Etiquetas de envio");
            documento.open();
            if (tamanho == TamanhoDoRotulo.A4) {
                folhasA4(documento, escritor, rotulos);
            } else {
                for (int i = 0; i < rotulos.size(); i++) {
                    if (i > 0) {
                        documento.newPage();
                    }
                    desenhar(escritor.getDirectContent(), rotulos.get(i));
                }
            }
            documento.close();
        } catch (DocumentException e) {
            throw new IllegalStateException("PDF das etiquetas não gerado", e);
        }
        return saida.toByteArray();
    }

    /**
     * Each label is drawn once as a form at its real size and placed scaled into its quarter of the sheet, so the A4
     * labels are exactly the 10 x 15 ones, a little smaller. The sheet keeps a 5 mm border that office printers
     * cannot print on; the labels go up to the cut lines, where their own margin keeps the text clear of the cut.
     */
    private static void folhasA4(Document documento, PdfWriter escritor, List<Rotulo> rotulos) {
        float borda = Utilities.millimetersToPoints(5);
        float larguraDaCelula = PageSize.A4.getWidth() / 2;
        float alturaDaCelula = PageSize.A4.getHeight() / 2;
        float escala = Math.min((larguraDaCelula - borda) / LARGURA, (alturaDaCelula - borda) / ALTURA);
        float largura = LARGURA * escala;
        float altura = ALTURA * escala;
        for (int i = 0; i < rotulos.size(); i++) {
            int posicao = i % 4;
            PdfContentByte pagina = escritor.getDirectContent();
            if (posicao == 0) {
                if (i > 0) {
                    documento.newPage();
                    pagina = escritor.getDirectContent();
                }
                linhasDeCorte(pagina);
            }
            PdfTemplate rotulo = pagina.createTemplate(LARGURA, ALTURA);
            desenhar(rotulo, rotulos.get(i));
            boolean esquerda = posicao % 2 == 0;
            boolean emCima = posicao < 2;
            float x = esquerda ? borda + (larguraDaCelula - borda - largura) / 2
                               : larguraDaCelula + (larguraDaCelula - borda - largura) / 2;
            float y = emCima ? alturaDaCelula + (alturaDaCelula - borda - altura) / 2
                             : borda + (alturaDaCelula - borda - altura) / 2;
            pagina.addTemplate(rotulo, escala, 0, 0, escala, x, y);
        }
    }

    private static void linhasDeCorte(PdfContentByte pagina) {
        float largura = PageSize.A4.getWidth();
        float altura = PageSize.A4.getHeight();
        pagina.saveState();
        pagina.setLineWidth(0.5f);
        pagina.setGrayStroke(0.4f);
        pagina.setLineDash(4, 3, 0);
        pagina.moveTo(largura / 2, 0);
        pagina.lineTo(largura / 2, altura);
        pagina.moveTo(0, altura / 2);
        pagina.lineTo(largura, altura / 2);
        pagina.stroke();
        pagina.restoreState();
    }

    private static void desenhar(PdfContentByte tela, Rotulo rotulo) {
        ConteudoDoRotulo conteudo = rotulo.conteudo();
        PincelPdf pincel = new PincelPdf(tela);
        remetente(pincel, conteudo.remetente());
        pincel.separador();
        pedido(pincel, conteudo.numero());
        pincel.separador();
        destinatario(pincel, conteudo.destinatario());
        pincel.separador();
        envio(pincel, conteudo, rotulo);
        itens(pincel, conteudo.itens());
    }

    private static void remetente(PincelPdf pincel, Remetente remetente) {
        pincel.legenda("REMETENTE");
        pincel.linhas(remetente.nome(), NEGRITO, 9, 1);
        for (String linha : TextosDoRotulo.enderecoDoRemetente(remetente)) {
            pincel.linhas(linha, NORMAL, 7.5f, 1);
        }
    }

    /**
     * "Pedido 123" beside its Code 128 when both fit at a readable size, else the barcode under the text. The bars
     * get the widest module that fits, in whole printer dots, with the ten-module quiet zone the standard asks for.
     */
    private static void pedido(PincelPdf pincel, long numero) {
        String titulo = TextosDoRotulo.pedido(numero);
        boolean[] barras = CodigosDeBarras.code128(numero);
        int modulosComSilencio = barras.length + 2 * ZONA_DE_SILENCIO_128;
        for (int pontos = 4; pontos >= 2; pontos--) {
            float modulo = pontos * PONTO_DA_IMPRESSORA;
            for (float tamanho = 20; tamanho >= 16; tamanho--) {
                float larguraDoTitulo = NEGRITO.getWidthPoint(titulo, tamanho);
                if (larguraDoTitulo + modulosComSilencio * modulo <= UTIL) {
                    float topo = pincel.y;
                    float alturaDaLinha = ALTURA_DAS_BARRAS + 4;
                    pincel.texto(titulo, NEGRITO, tamanho, MARGEM, topo + alturaDaLinha / 2 + tamanho * 0.36f);
                    float x = LARGURA - MARGEM - (barras.length + ZONA_DE_SILENCIO_128) * modulo;
                    pincel.barras(barras, noPonto(x), topo + 2, modulo);
                    pincel.y = topo + alturaDaLinha;
                    return;
                }
            }
        }
        pincel.linhaCentralizada(titulo, NEGRITO, 20);
        float pontos = (int) (UTIL / modulosComSilencio / PONTO_DA_IMPRESSORA);
        float modulo = pontos >= 1 ? pontos * PONTO_DA_IMPRESSORA : UTIL / modulosComSilencio;
        pincel.barras(barras, noPonto((LARGURA - barras.length * modulo) / 2), pincel.y + 2, modulo);
        pincel.y += ALTURA_DAS_BARRAS + 4;
    }

    private static void destinatario(PincelPdf pincel, Destinatario destinatario) {
        pincel.legenda("DESTINATÁRIO");
        pincel.linhas(destinatario.nome(), NEGRITO, 11, 2);
        pincel.linhas(TextosDoRotulo.logradouro(destinatario.endereco(), destinatario.numero(),
                destinatario.complemento()), NORMAL, 9, 2);
        pincel.linhas(destinatario.bairro(), NORMAL, 9, 1);
        pincel.linhas(TextosDoRotulo.cidadeUf(destinatario.cidade(), destinatario.uf()), NEGRITO, 9, 1);
        pincel.cepETelefone(TextosDoRotulo.cep(destinatario.cep()),
                TextosDoRotulo.telefone(destinatario.telefone()));
        pincel.linhas(TextosDoRotulo.referencia(destinatario.referencia()), NORMAL, 8, 2);
    }

    /**
     * Delivery, tracking, invoice, weight and volume on the left; the QR code and its link on the right, so the
     * block is no taller than the QR code with its link under it.
     */
    private static void envio(PincelPdf pincel, ConteudoDoRotulo conteudo, Rotulo rotulo) {
        float topo = pincel.y;
        float larguraDoTexto = UTIL - LARGURA_DO_QR - 4;
        pincel.rotuloEValor("Entrega: ", conteudo.entrega(), larguraDoTexto);
        pincel.rotuloEValor("Rastreio: ", conteudo.codigoRastreio(), larguraDoTexto);
        if (conteudo.nota() != null) {
            pincel.linhas(TextosDoRotulo.nota(conteudo.nota()), NEGRITO, 9, 1, larguraDoTexto);
            for (String linha : TextosDoRotulo.chaveEmGrupos(conteudo.nota().chave())) {
                pincel.linhas(linha, NORMAL, 7.5f, 1, larguraDoTexto);
            }
        }
        if (conteudo.pesoKg() != null) {
            pincel.rotuloEValor("Peso: ", TextosDoRotulo.peso(conteudo.pesoKg()), larguraDoTexto);
        }
        float fimDoTexto = pincel.volume(TextosDoRotulo.volume(rotulo), pincel.y + 4, larguraDoTexto);
        float fimDoQr = qr(pincel, conteudo.link(), topo);
        pincel.y = Math.max(fimDoTexto, fimDoQr);
    }

    private static float qr(PincelPdf pincel, String link, float topo) {
        BitMatrix matriz = CodigosDeBarras.qr(link, ErrorCorrectionLevel.M);
        float modulo = LARGURA_DO_QR / (matriz.getWidth() + 2 * ZONA_DE_SILENCIO_QR);
        if (modulo >= PONTO_DA_IMPRESSORA) {
            modulo = (int) (modulo / PONTO_DA_IMPRESSORA) * PONTO_DA_IMPRESSORA;
        }
        float lado = matriz.getWidth() * modulo;
        float x = LARGURA - MARGEM - LARGURA_DO_QR;
        pincel.qr(matriz, noPonto(x + (LARGURA_DO_QR - lado) / 2), noPonto(topo + ZONA_DE_SILENCIO_QR * modulo),
                modulo);
        float tamanho = 5.5f;
        float y = topo + lado + (2 * ZONA_DE_SILENCIO_QR - 1) * modulo;
        for (String linha : quebrar(emWinAnsi(TextosDoRotulo.limpo(link)), NORMAL, tamanho, LARGURA_DO_QR, 3)) {
            y += tamanho * ENTRELINHA;
            float largura = NORMAL.getWidthPoint(linha, tamanho);
            pincel.texto(linha, NORMAL, tamanho, x + (LARGURA_DO_QR - largura) / 2, y);
        }
        return y + tamanho * 0.4f;
    }

    private static void itens(PincelPdf pincel, List<String> itens) {
        if (itens.isEmpty()) {
            return;
        }
        float tamanho = 7.5f;
        float legenda = 7 * ENTRELINHA;
        float disponivel = ALTURA - MARGEM - pincel.y - PincelPdf.ESPACO_DO_SEPARADOR - legenda;
        int linhas = (int) (disponivel / (tamanho * ENTRELINHA));
        if (linhas < 1) {
            return;
        }
        pincel.separador();
        pincel.legenda("CONTEÚDO");
        for (String linha : TextosDoRotulo.itensQueCabem(itens, linhas)) {
            pincel.linhas(linha, NORMAL, tamanho, 1);
        }
    }

    /** Aligns a barcode's edge with the dot grid of a 203 dpi printer. */
    private static float noPonto(float x) {
        return Math.round(x / PONTO_DA_IMPRESSORA) * PONTO_DA_IMPRESSORA;
    }
}
