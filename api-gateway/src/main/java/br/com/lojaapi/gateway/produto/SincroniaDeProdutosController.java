package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.produto.PaginaDeProdutos;
import br.com.lojaapi.coreapi.produto.ProdutosPorIdQuery;
import br.com.lojaapi.gateway.sincronia.ItemSincronizado;
import br.com.lojaapi.gateway.sincronia.Sincronia;
import br.com.lojaapi.gateway.sincronia.SincroniaController;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Incremental sync of the catalogue (extension); removed products are listed as removed, with their last state. */
@RestController
@RequestMapping(path = "/v1/produtos", produces = "application/json")
@Tag(name = "Produtos")
class SincroniaDeProdutosController extends SincroniaController<ProdutoJson> {

    private final UrlDaVitrine vitrine;
    private final QueryGateway consultas;

    SincroniaDeProdutosController(Sincronia sincronia, UrlDaVitrine vitrine, QueryGateway consultas) {
        super(sincronia, Pagina::new);
        this.vitrine = vitrine;
        this.consultas = consultas;
    }

    @Schema(name = "SincroniaDeProdutos")
    record Pagina(List<ItemSincronizado<ProdutoJson>> produtos, String cursor, boolean temMais) {
    }

    @Override
    protected Sincronia.Modelo<ProdutoJson> modelo(String lojaId) {
        return new Sincronia.Modelo<>(ModeloLeitura.PRODUTO, 'p', Set.of("page", "busca", "categoriaId",
                "apenasDisponiveis"), ids -> corpos(lojaId, ids), ProdutoJson::id, ProdutoJson::versao);
    }

    private List<ProdutoJson> corpos(String lojaId, List<String> ids) {
        Function<String, String> url = vitrine.daLoja(lojaId);
        return consultas.query(new ProdutosPorIdQuery(lojaId, ids), PaginaDeProdutos.class).join()
                        .produtos().stream().map(p -> ProdutoJson.de(p, url.apply(p.id()))).toList();
    }
}
