package br.com.lojaapi.gateway.console;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.StreamUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The operators' console (decision 076): a page and its script, style and icon, served from the jar to anyone, for
 * they hold no data. The page asks for the operator token, keeps it in the tab's sessionStorage and sends it to the
 * {@code /admin} JSON API as a bearer token. Its Content-Security-Policy lets it load and call this service only: no
 * inline script or style, no other origin, no form submission, no framing; and no Referer leaves it.
 */
@Hidden
@RestController
class ConsoleController {

    static final String POLITICA = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
            + "frame-ancestors 'none'";

    private record Arquivo(byte[] conteudo, MediaType tipo) {
    }

    private final Map<String, Arquivo> arquivos = Map.of(
            "index.html", ler("index.html", MediaType.parseMediaType("text/html;charset=UTF-8")),
            "console.js", ler("console.js", MediaType.parseMediaType("text/javascript;charset=UTF-8")),
            "console.css", ler("console.css", MediaType.parseMediaType("text/css;charset=UTF-8")),
            "icone.svg", ler("icone.svg", MediaType.parseMediaType("image/svg+xml")));

    @GetMapping("/admin/console")
    ResponseEntity<byte[]> pagina() {
        return servir(arquivos.get("index.html"));
    }

    @GetMapping("/admin/console/{arquivo}")
    ResponseEntity<byte[]> arquivo(@PathVariable String arquivo) {
        Arquivo encontrado = arquivo.equals("index.html") ? null : arquivos.get(arquivo);
        if (encontrado == null) {
            throw ErroDeNegocio.naoEncontrado("Arquivo não encontrado");
        }
        return servir(encontrado);
    }

    private static ResponseEntity<byte[]> servir(Arquivo arquivo) {
        return ResponseEntity.ok().contentType(arquivo.tipo()).cacheControl(CacheControl.noStore())
                             .header("Content-Security-Policy", POLITICA)
                             .header("Referrer-Policy", "no-referrer")
                             .header("X-Content-Type-Options", "nosniff")
                             .body(arquivo.conteudo());
    }

    private static Arquivo ler(String nome, MediaType tipo) {
        try (InputStream entrada = new ClassPathResource("console/" + nome).getInputStream()) {
            return new Arquivo(StreamUtils.copyToByteArray(entrada), tipo);
        } catch (IOException e) {
            throw new UncheckedIOException("console/" + nome + " não está no jar", e);
        }
    }
}
