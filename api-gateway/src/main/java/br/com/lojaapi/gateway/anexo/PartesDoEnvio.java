package br.com.lojaapi.gateway.anexo;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.erro.ArquivoGrandeDemaisException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Pattern;

/** How the POST of an attachment reads what it carries: multipart parts and Base64 fields of its JSON form. */
public final class PartesDoEnvio {

    private static final Pattern ESPACOS = Pattern.compile("\\s+");

    private PartesDoEnvio() {
    }

    /** A Base64 field, white space (line breaks of an encoder) ignored; null stays null. */
    public static byte[] base64(String texto, String campo) {
        if (texto == null) {
            return null;
        }
        try {
            return Base64.getDecoder().decode(ESPACOS.matcher(texto).replaceAll(""));
        } catch (IllegalArgumentException e) {
            throw ErroDeNegocio.invalido(campo + ": não é Base64 válido");
        }
    }

    /**
     * A file part (or a plain field holding the file): a declared size above {@code maximo} is 413 {@code acima};
     * at most {@code maximo + 1} bytes are read, so a longer one shows as longer than {@code maximo}.
     */
    public static byte[] ler(Part parte, int maximo, String acima) throws IOException {
        if (parte.getSize() > maximo) {
            throw new ArquivoGrandeDemaisException(acima);
        }
        try (InputStream entrada = parte.getInputStream()) {
            return entrada.readNBytes(maximo + 1);
        }
    }

    /**
     * The body of a POST whose body is the file itself, read by the handler rather than bound with
     * {@code @RequestBody}: an optional body would make an empty request match every handler of the path whatever
     * its Content-Type, and an empty file must be the kind's own 400. At most {@code maximo + 1} bytes are read, so
     * a longer body shows as longer than {@code maximo}.
     */
    public static byte[] corpo(HttpServletRequest requisicao, int maximo) throws IOException {
        return requisicao.getInputStream().readNBytes(maximo + 1);
    }

    /** A plain field of at most {@code maximo} bytes; a longer one is 400 "{@code <parte>: acima}". */
    public static String texto(Part parte, int maximo, String acima) throws IOException {
        if (parte.getSize() > maximo) {
            throw ErroDeNegocio.invalido(parte.getName() + ": " + acima);
        }
        try (InputStream entrada = parte.getInputStream()) {
            return new String(entrada.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
