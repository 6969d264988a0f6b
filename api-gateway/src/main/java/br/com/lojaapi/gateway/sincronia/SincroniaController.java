package br.com.lojaapi.gateway.sincronia;

import br.com.lojaapi.gateway.acesso.LojaAtual;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.context.request.WebRequest;

import java.util.List;

/**
 * The two sync requests on a list's path, chosen by their parameters over the plain list (whose responses stay
 * as they were): {@code ?atualizadoDesde=} starts, {@code ?cursor=} continues. Both at once, or either with the
 * list's paging and filters, is a 400 ({@link Sincronia}).
 * <p>
 * Hidden from the OpenAPI description: OpenAPI has one GET per path, and springdoc would merge these into the
 * list's operation, replacing its summary. The list's operation is where the sync parameters belong.
 */
public abstract class SincroniaController<T> {

    private static final String DESCRICAO = "Na ordem em que as alterações foram feitas, removidos inclusive "
            + "(removido: true). Continue com o cursor devolvido até temMais ser false e guarde o último para a "
            + "próxima sincronia: nenhuma alteração se perde nem se repete. Não se combina com page nem com os "
            + "filtros da lista. Uma alteração aparece assim que a escrita respondeu, salvo enquanto uma escrita "
            + "anterior ainda está aberta. If-None-Match com o ETag da página dá 304.";

    /** The response body of a page, naming its list as the plain list does: a record's constructor. */
    @FunctionalInterface
    protected interface CorpoDaPagina<T> {
        Object de(List<ItemSincronizado<T>> itens, String cursor, boolean temMais);
    }

    private final Sincronia sincronia;
    private final CorpoDaPagina<T> corpo;

    protected SincroniaController(Sincronia sincronia, CorpoDaPagina<T> corpo) {
        this.sincronia = sincronia;
        this.corpo = corpo;
    }

    /** How this resource is read, for the store of the request. */
    protected abstract Sincronia.Modelo<T> modelo(String lojaId);

    @GetMapping(params = "atualizadoDesde")
    @Operation(summary = "Sincronia incremental: o que mudou desde uma data-hora (extensão)", description = DESCRICAO,
            hidden = true)
    ResponseEntity<Object> desde(@Parameter(hidden = true) LojaAtual loja,
                                 @Parameter(description = "Data-hora ISO-8601 com fuso; inclusive")
                                 @RequestParam String atualizadoDesde,
                                 @Parameter(description = "De 1 a 100; padrão 50") @RequestParam(required = false) Integer limite,
                                 @Parameter(hidden = true) @RequestParam MultiValueMap<String, String> parametros,
                                 WebRequest requisicao) {
        return ler(loja, parametros, requisicao);
    }

    @GetMapping(params = {"cursor", "!atualizadoDesde"})
    @Operation(summary = "Sincronia incremental: a página seguinte (extensão)", description = DESCRICAO, hidden = true)
    ResponseEntity<Object> continuar(@Parameter(hidden = true) LojaAtual loja,
                                     @Parameter(description = "O cursor da página anterior") @RequestParam String cursor,
                                     @Parameter(description = "De 1 a 100; padrão 50") @RequestParam(required = false) Integer limite,
                                     @Parameter(hidden = true) @RequestParam MultiValueMap<String, String> parametros,
                                     WebRequest requisicao) {
        return ler(loja, parametros, requisicao);
    }

    private ResponseEntity<Object> ler(LojaAtual loja, MultiValueMap<String, String> parametros, WebRequest requisicao) {
        return sincronia.ler(loja.lojaId(), modelo(loja.lojaId()), parametros, requisicao)
                        .map(p -> ResponseEntity.ok().eTag(p.etag())
                                                .body(corpo.de(p.itens(), p.cursor(), p.temMais())))
                        .orElse(null);
    }
}
