package br.com.lojaapi.query.rotulo;

import com.itextpdf.text.DocumentException;
import com.itextpdf.text.pdf.BaseFont;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;

/**
 * The type of the labels and how text is fitted to a width. Both renderers measure with Helvetica's metrics: the
 * PDF prints in it, and the ZPL measures with the bold face, wider than the printer's condensed font 0, so a line
 * that fits here fits on the printed label too.
 */
final class Tipografia {

    static final BaseFont NORMAL = fonte(BaseFont.HELVETICA);
    static final BaseFont NEGRITO = fonte(BaseFont.HELVETICA_BOLD);

    private static final Charset WIN_ANSI = Charset.forName("windows-1252");

    private Tipografia() {
    }

    /**
     * Word wrap that also breaks a word longer than the line (links have no spaces), after punctuation when it can;
     * when the text needs more than {@code maximo} lines, the last one ends in an ellipsis.
     */
    static List<String> quebrar(String texto, BaseFont fonte, float tamanho, float largura, int maximo) {
        List<String> linhas = new ArrayList<>();
        StringBuilder atual = new StringBuilder();
        for (String palavra : texto.split(" ")) {
            String candidata = atual.isEmpty() ? palavra : atual + " " + palavra;
            if (fonte.getWidthPoint(candidata, tamanho) <= largura) {
                atual.setLength(0);
                atual.append(candidata);
                continue;
            }
            if (!atual.isEmpty()) {
                linhas.add(atual.toString());
                atual.setLength(0);
            }
            String resto = palavra;
            while (fonte.getWidthPoint(resto, tamanho) > largura) {
                int corte = Math.max(1, resto.length() - 1);
                while (corte > 1 && fonte.getWidthPoint(resto.substring(0, corte), tamanho) > largura) {
                    corte--;
                }
                int pontuacao = ultimaPontuacao(resto, corte);
                if (pontuacao > corte / 2) {
                    corte = pontuacao;
                }
                linhas.add(resto.substring(0, corte));
                resto = resto.substring(corte);
            }
            atual.append(resto);
        }
        if (!atual.isEmpty()) {
            linhas.add(atual.toString());
        }
        if (linhas.size() <= maximo) {
            return linhas;
        }
        List<String> cabem = new ArrayList<>(linhas.subList(0, maximo - 1));
        cabem.add(ajustar(String.join(" ", linhas.subList(maximo - 1, linhas.size())) + "\u2026",
                fonte, tamanho, largura));
        return cabem;
    }

    /** Where a link reads best split: right after the last slash, dot, hyphen or query mark before {@code limite}. */
    private static int ultimaPontuacao(String palavra, int limite) {
        for (int i = limite - 1; i > 0; i--) {
            if ("/.-?&=".indexOf(palavra.charAt(i - 1)) >= 0) {
                return i;
            }
        }
        return 0;
    }

    /** The text as it fits in one line: cut with an ellipsis when it is too wide. */
    static String ajustar(String texto, BaseFont fonte, float tamanho, float largura) {
        if (fonte.getWidthPoint(texto, tamanho) <= largura) {
            return texto;
        }
        String cortado = texto;
        while (!cortado.isEmpty() && fonte.getWidthPoint(cortado.strip() + "\u2026", tamanho) > largura) {
            cortado = cortado.substring(0, cortado.length() - 1);
        }
        return cortado.strip() + "\u2026";
    }

    /**
     * What the standard fonts can print: a letter outside WinAnsi loses its accent ("ő" becomes "o") rather than
     * vanishing, and anything else becomes "?", so a name never silently loses letters.
     */
    static String emWinAnsi(String texto) {
        CharsetEncoder codificador = WIN_ANSI.newEncoder();
        StringBuilder resultado = new StringBuilder(texto.length());
        texto.codePoints().forEach(ponto -> {
            String letra = new String(Character.toChars(ponto));
            if (codificador.canEncode(letra)) {
                resultado.append(letra);
                return;
            }
            String semAcento = Normalizer.normalize(letra, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
            resultado.append(!semAcento.isEmpty() && codificador.canEncode(semAcento) ? semAcento : "?");
        });
        return resultado.toString();
    }

    private static BaseFont fonte(String nome) {
        try {
            return BaseFont.createFont(nome, BaseFont.CP1252, BaseFont.NOT_EMBEDDED);
        } catch (DocumentException | IOException e) {
            throw new IllegalStateException("fonte padrão " + nome + " indisponível", e);
        }
    }
}
