package br.com.lojaapi.query.rotulo;

import com.google.zxing.common.BitMatrix;
import com.itextpdf.text.pdf.BaseFont;
import com.itextpdf.text.pdf.PdfContentByte;

import static br.com.lojaapi.query.rotulo.RotuloPdf.ALTURA;
import static br.com.lojaapi.query.rotulo.RotuloPdf.ALTURA_DAS_BARRAS;
import static br.com.lojaapi.query.rotulo.RotuloPdf.ENTRELINHA;
import static br.com.lojaapi.query.rotulo.RotuloPdf.LARGURA;
import static br.com.lojaapi.query.rotulo.RotuloPdf.MARGEM;
import static br.com.lojaapi.query.rotulo.RotuloPdf.UTIL;
import static br.com.lojaapi.query.rotulo.Tipografia.NEGRITO;
import static br.com.lojaapi.query.rotulo.Tipografia.NORMAL;
import static br.com.lojaapi.query.rotulo.Tipografia.ajustar;
import static br.com.lojaapi.query.rotulo.Tipografia.emWinAnsi;
import static br.com.lojaapi.query.rotulo.Tipografia.quebrar;

/**
 * Draws on one label measuring from its top edge, the way the layout is read; {@code y} is where the next line
 * starts. iText measures from the bottom, so every call converts.
 */
final class PincelPdf {

    static final float ESPACO_DO_SEPARADOR = 9;

    private final PdfContentByte tela;
    float y = MARGEM;

    PincelPdf(PdfContentByte tela) {
        this.tela = tela;
    }

    void legenda(String texto) {
        tela.setCharacterSpacing(0.4f);
        linhas(texto, NEGRITO, 6.5f, 1);
        tela.setCharacterSpacing(0);
    }

    void linhas(String texto, BaseFont fonte, float tamanho, int maximo) {
        linhas(texto, fonte, tamanho, maximo, UTIL);
    }

    void linhas(String texto, BaseFont fonte, float tamanho, int maximo, float largura) {
        String limpo = TextosDoRotulo.limpo(texto);
        if (limpo == null) {
            return;
        }
        for (String linha : quebrar(emWinAnsi(limpo), fonte, tamanho, largura, maximo)) {
            texto(linha, fonte, tamanho, MARGEM, y + tamanho * 0.95f);
            y += tamanho * ENTRELINHA;
        }
    }

    /** A line that must print whole, like the order number: smaller type rather than an ellipsis. */
    void linhaCentralizada(String texto, BaseFont fonte, float tamanhoMaximo) {
        String linha = emWinAnsi(texto);
        float tamanho = Math.min(tamanhoMaximo, tamanhoMaximo * UTIL / fonte.getWidthPoint(linha, tamanhoMaximo));
        float largura = fonte.getWidthPoint(linha, tamanho);
        texto(linha, fonte, tamanho, (LARGURA - largura) / 2, y + tamanhoMaximo * 0.95f);
        y += tamanhoMaximo * ENTRELINHA;
    }

    /** A caption in regular type followed by its value in bold; nothing at all when there is no value. */
    void rotuloEValor(String rotulo, String valor, float largura) {
        String limpo = TextosDoRotulo.limpo(valor);
        if (limpo == null) {
            return;
        }
        float tamanho = 9;
        float larguraDoRotulo = NORMAL.getWidthPoint(rotulo, tamanho);
        float base = y + tamanho * 0.95f;
        texto(rotulo, NORMAL, tamanho, MARGEM, base);
        texto(ajustar(emWinAnsi(limpo), NEGRITO, tamanho, largura - larguraDoRotulo), NEGRITO, tamanho,
                MARGEM + larguraDoRotulo, base);
        y += tamanho * ENTRELINHA;
    }

    /** The zip code large, since sorting reads it first, with the phone beside it when there is room. */
    void cepETelefone(String cep, String telefone) {
        if (cep == null) {
            linhas(telefone, NORMAL, 9, 1);
            return;
        }
        float tamanho = 11;
        float base = y + tamanho * 0.95f;
        String linhaDoCep = ajustar(emWinAnsi(cep), NEGRITO, tamanho, UTIL);
        texto(linhaDoCep, NEGRITO, tamanho, MARGEM, base);
        y += tamanho * ENTRELINHA;
        if (telefone != null) {
            String fone = emWinAnsi(telefone);
            float inicio = MARGEM + NEGRITO.getWidthPoint(linhaDoCep, tamanho) + 12;
            if (inicio + NORMAL.getWidthPoint(fone, 9) <= MARGEM + UTIL) {
                texto(fone, NORMAL, 9, inicio, base);
            } else {
                linhas(telefone, NORMAL, 9, 1);
            }
        }
    }

    /** "Volume 2/3" in a framed box: the one thing the packer checks on every box of a multi-box order. */
    float volume(String texto, float topo, float largura) {
        float tamanho = 15;
        float altura = 24;
        float caixa = Math.min(largura, NEGRITO.getWidthPoint(texto, tamanho) + 16);
        tela.saveState();
        tela.setLineWidth(1.2f);
        tela.rectangle(MARGEM + 0.6f, ALTURA - topo - altura, caixa - 1.2f, altura - 0.6f);
        tela.stroke();
        tela.restoreState();
        texto(texto, NEGRITO, tamanho, MARGEM + 8, topo + altura / 2 + tamanho * 0.36f);
        return topo + altura + 2;
    }

    void separador() {
        y += 3;
        tela.saveState();
        tela.setLineWidth(0.6f);
        tela.moveTo(MARGEM, ALTURA - y);
        tela.lineTo(LARGURA - MARGEM, ALTURA - y);
        tela.stroke();
        tela.restoreState();
        y += ESPACO_DO_SEPARADOR - 3;
    }

    void texto(String texto, BaseFont fonte, float tamanho, float x, float linhaDeBase) {
        tela.beginText();
        tela.setFontAndSize(fonte, tamanho);
        tela.setTextMatrix(x, ALTURA - linhaDeBase);
        tela.showText(texto);
        tela.endText();
    }

    /** Runs of dark modules become one rectangle each, all filled at once so no seam shows between them. */
    void barras(boolean[] barras, float x, float topo, float modulo) {
        int inicio = -1;
        for (int i = 0; i <= barras.length; i++) {
            boolean escura = i < barras.length && barras[i];
            if (escura && inicio < 0) {
                inicio = i;
            } else if (!escura && inicio >= 0) {
                tela.rectangle(x + inicio * modulo, ALTURA - topo - ALTURA_DAS_BARRAS, (i - inicio) * modulo,
                        ALTURA_DAS_BARRAS);
                inicio = -1;
            }
        }
        tela.fill();
    }

    void qr(BitMatrix matriz, float x, float topo, float modulo) {
        for (int linha = 0; linha < matriz.getHeight(); linha++) {
            int inicio = -1;
            for (int coluna = 0; coluna <= matriz.getWidth(); coluna++) {
                boolean escuro = coluna < matriz.getWidth() && matriz.get(coluna, linha);
                if (escuro && inicio < 0) {
                    inicio = coluna;
                } else if (!escuro && inicio >= 0) {
                    tela.rectangle(x + inicio * modulo, ALTURA - topo - (linha + 1) * modulo,
                            (coluna - inicio) * modulo, modulo);
                    inicio = -1;
                }
            }
        }
        tela.fill();
    }
}
