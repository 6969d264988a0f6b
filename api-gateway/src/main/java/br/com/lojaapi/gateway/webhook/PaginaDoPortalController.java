package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.erro.RespostasDeErro;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The delivery portal's page (decision 077): one HTML file, its script, its style and its icon, read from the jar
 * once. The page loads nothing else and talks only to this service, as its Content-Security-Policy says; its link's
 * secret is in the URL's fragment, which never reaches a server, and {@code Referrer-Policy: no-referrer} keeps the
 * page's address out of any request it makes.
 */
@Hidden
@RestController
class PaginaDoPortalController {

    static final String POLITICA = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    private record Arquivo(byte[] conteudo, MediaType tipo) {
    }

    private final Map<String, Arquivo> arquivos = Map.of(
            "pagina", ler("index.html", new MediaType("text", "html", StandardCharsets.UTF_8)),
            "portal.js", ler("portal.js", new MediaType("text", "javascript", StandardCharsets.UTF_8)),
            "portal.css", ler("portal.css", new MediaType("text", "css", StandardCharsets.UTF_8)),
            "icone.svg", ler("icone.svg", new MediaType("image", "svg+xml")));

    @GetMapping(PortalDeEntregasController.PAGINA)
    ResponseEntity<byte[]> pagina() {
        return servir(arquivos.get("pagina"));
    }

    @GetMapping(PortalDeEntregasController.PAGINA + "/{arquivo}")
    ResponseEntity<byte[]> arquivo(@PathVariable String arquivo) {
        Arquivo encontrado = "pagina".equals(arquivo) ? null : arquivos.get(arquivo);
        if (encontrado == null) {
            throw ErroDeNegocio.naoEncontrado(RespostasDeErro.mensagemPadrao(404));
        }
        return servir(encontrado);
    }

    private static ResponseEntity<byte[]> servir(Arquivo arquivo) {
        return ResponseEntity.ok()
                             .contentType(arquivo.tipo())
                             .header("Content-Security-Policy", POLITICA)
                             .header("Referrer-Policy", "no-referrer")
                             .header(HttpHeaders.CACHE_CONTROL, "no-store")
                             .body(arquivo.conteudo());
    }

    private static Arquivo ler(String nome, MediaType tipo) {
        try (InputStream entrada = new ClassPathResource("portal/webhooks/" + nome).getInputStream()) {
            return new Arquivo(entrada.readAllBytes(), tipo);
        } catch (IOException e) {
            throw new UncheckedIOException("portal/webhooks/" + nome + " não está no jar", e);
        }
    }
}
