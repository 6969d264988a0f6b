package br.com.lojaapi.command.anexo;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/** What an uploaded file is, told by its content, never by its name or declared type. */
public final class ConteudoDeArquivo {

    private static final byte[] PDF_INICIO = "%PDF-".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PDF_FIM = "%%EOF".getBytes(StandardCharsets.US_ASCII);

    private ConteudoDeArquivo() {
    }

    /** The PDF header within the first KiB, as readers accept it. */
    public static boolean pdf(byte[] conteudo) {
        return indice(conteudo, PDF_INICIO, 0, Math.min(conteudo.length, 1024)) >= 0;
    }

    /**
     * A PDF must start with its header and end with its end-of-file marker (within the last KiB, where readers
     * look for it): an HTML error page or a file cut short is refused before it is stored.
     */
    public static void exigirPdf(byte[] conteudo) {
        if (conteudo.length == 0) {
            throw ErroDeNegocio.invalido("PDF inválido: arquivo vazio");
        }
        if (!pdf(conteudo)) {
            throw ErroDeNegocio.invalido("PDF inválido: o arquivo não começa com o cabeçalho %PDF-");
        }
        if (indice(conteudo, PDF_FIM, Math.max(0, conteudo.length - 1024), conteudo.length) < 0) {
            throw ErroDeNegocio.invalido("PDF inválido: falta o marcador final %%EOF (arquivo incompleto?)");
        }
    }

    /** Starts (after an optional UTF-8 byte order mark and white space) like an XML document. */
    public static boolean xml(byte[] conteudo) {
        if (conteudo.length >= 2 && ((conteudo[0] & 0xFF) == 0xFE && (conteudo[1] & 0xFF) == 0xFF
                || (conteudo[0] & 0xFF) == 0xFF && (conteudo[1] & 0xFF) == 0xFE)) {
            return true;
        }
        int i = inicioDoTexto(conteudo);
        return i < conteudo.length && conteudo[i] == '<';
    }

    /** A ZPL II label: text opening with a command (^ or ~) that holds a format, ^XA ... ^XZ. */
    public static boolean zpl(byte[] conteudo) {
        int i = inicioDoTexto(conteudo);
        if (i >= conteudo.length || conteudo[i] != '^' && conteudo[i] != '~') {
            return false;
        }
        String texto = new String(conteudo, i, conteudo.length - i, StandardCharsets.ISO_8859_1)
                .toUpperCase(Locale.ROOT);
        int inicio = texto.indexOf("^XA");
        return inicio >= 0 && texto.indexOf("^XZ", inicio) > inicio;
    }

    private static int inicioDoTexto(byte[] conteudo) {
        int i = conteudo.length >= 3 && (conteudo[0] & 0xFF) == 0xEF && (conteudo[1] & 0xFF) == 0xBB
                && (conteudo[2] & 0xFF) == 0xBF ? 3 : 0;
        while (i < conteudo.length && (conteudo[i] == ' ' || conteudo[i] == '\n' || conteudo[i] == '\r'
                || conteudo[i] == '\t')) {
            i++;
        }
        return i;
    }

    private static int indice(byte[] conteudo, byte[] procurado, int de, int ate) {
        for (int i = de; i + procurado.length <= ate; i++) {
            if (Arrays.equals(conteudo, i, i + procurado.length, procurado, 0, procurado.length)) {
                return i;
            }
        }
        return -1;
    }
}
