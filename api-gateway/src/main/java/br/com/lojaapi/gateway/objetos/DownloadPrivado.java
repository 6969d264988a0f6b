package br.com.lojaapi.gateway.objetos;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.CacheControl;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import java.io.InputStream;

/**
 * The one place that sets the headers of every file the service answers with. A private file (an invoice's XML or
 * PDF, a carrier label, a store label drawn on request) is never cached by anyone; every file, private or public
 * (product images), is never sniffed into another type and is sandboxed, so a file opened inline (an XML with a
 * stylesheet, a PDF with scripts, bytes a browser might take for HTML) runs nothing in the API's origin.
 */
public final class DownloadPrivado {

    static final String SANDBOX = "sandbox; default-src 'none'";

    private DownloadPrivado() {
    }

    public static ResponseEntity<InputStreamResource> responder(InputStream conteudo, long tamanho, MediaType tipo,
                                                                String nome, boolean inline) {
        return privado(tamanho, tipo, nome, inline).body(new InputStreamResource(conteudo));
    }

    public static ResponseEntity<byte[]> responder(byte[] conteudo, MediaType tipo, String nome, boolean inline) {
        return privado(conteudo.length, tipo, nome, inline).body(conteudo);
    }

    /** The headers that keep a file from running as a page of the API, added to any file answer. */
    public static <B extends ResponseEntity.HeadersBuilder<B>> B semExecutar(B resposta) {
        return resposta.header("X-Content-Type-Options", "nosniff")
                       .header("Content-Security-Policy", SANDBOX);
    }

    private static ResponseEntity.BodyBuilder privado(long tamanho, MediaType tipo, String nome, boolean inline) {
        ContentDisposition disposicao = (inline ? ContentDisposition.inline() : ContentDisposition.attachment())
                .filename(nome).build();
        return semExecutar(ResponseEntity.ok()
                                         .contentType(tipo)
                                         .contentLength(tamanho)
                                         .header(HttpHeaders.CONTENT_DISPOSITION, disposicao.toString())
                                         // Customer names, addresses, tax data: no shared cache may keep them.
                                         .cacheControl(CacheControl.noStore().cachePrivate()));
    }

    /** A 0/1 (or false/true) switch of the query string, absent meaning 0. */
    public static boolean chave(String valor, String parametro) {
        if (valor == null || "0".equals(valor) || "false".equals(valor)) {
            return false;
        }
        if ("1".equals(valor) || "true".equals(valor)) {
            return true;
        }
        throw ErroDeNegocio.invalido(parametro + ": use 1 ou 0");
    }
}
