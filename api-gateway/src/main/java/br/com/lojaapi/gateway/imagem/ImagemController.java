package br.com.lojaapi.gateway.imagem;

import br.com.lojaapi.command.armazenamento.ArmazenamentoDeObjetos;
import br.com.lojaapi.command.imagem.ImagensDeProduto;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.objetos.DownloadPrivado;
import io.minio.StatObjectResponse;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;
import java.util.Optional;

/**
 * Public product images: {@code GET /imagens/{loja}/{sha256}.{ext}}, no token (they are shown on storefronts).
 * Names are content hashes, so a URL's bytes never change and may be cached forever.
 */
@Hidden
@RestController
class ImagemController {

    private static final String NAO_ENCONTRADA = "Imagem não encontrada";

    private final ArmazenamentoDeObjetos armazenamento;

    ImagemController(ArmazenamentoDeObjetos armazenamento) {
        this.armazenamento = armazenamento;
    }

    @GetMapping("/imagens/{lojaId}/{arquivo}")
    ResponseEntity<InputStreamResource> servir(@PathVariable String lojaId, @PathVariable String arquivo)
            throws Exception {
        String chave = lojaId + "/" + arquivo;
        if (!ImagensDeProduto.valida(chave)) {
            throw ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA);
        }
        Optional<StatObjectResponse> objeto = armazenamento.descrever(chave);
        if (objeto.isEmpty()) {
            throw ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA);
        }
        return DownloadPrivado.semExecutar(ResponseEntity.ok()
                             .contentType(MediaType.parseMediaType(objeto.get().contentType()))
                             .contentLength(objeto.get().size())
                             .cacheControl(CacheControl.maxAge(Duration.ofDays(365)).cachePublic().immutable())
                             .eTag("\"" + arquivo.substring(0, arquivo.indexOf('.')) + "\""))
                             .body(new InputStreamResource(armazenamento.ler(chave)));
    }
}
