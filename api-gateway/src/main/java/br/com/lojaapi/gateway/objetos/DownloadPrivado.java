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
 * The answer that serves a private file of an order (an invoice's XML or PDF, a carrier label): never cached by
 * anyone, never sniffed into another type, and sandboxed so a file opened inline runs nothing in the API's origin.
 */
public final class DownloadPrivado {

    private DownloadPrivado() {
    }

    public static ResponseEntity<InputStreamResource> responder(InputStream conteudo, long tamanho, MediaType tipo,
                                                                String nome, boolean inline) {
        ContentDisposition disposicao = (inline ? ContentDisposition.inline() : ContentDisposition.attachment())
                .filename(nome).build();
        return ResponseEntity.ok()
                             .contentType(tipo)
                             .contentLength(tamanho)
                             .header(HttpHeaders.CONTENT_DISPOSITION, disposicao.toString())
                             .header("X-Content-Type-Options", "nosniff")
                             .header("Content-Security-Policy", "sandbox; default-src 'none'")
                             .cacheControl(CacheControl.noStore().cachePrivate())
                             .body(new InputStreamResource(conteudo));
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
