package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.command.produto.CadastroDeProdutos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.produto.AlterarProdutoCommand;
import br.com.lojaapi.coreapi.produto.CarimboDeProdutosQuery;
import br.com.lojaapi.coreapi.produto.ListarProdutosQuery;
import br.com.lojaapi.coreapi.produto.PaginaDeProdutos;
import br.com.lojaapi.coreapi.produto.ResultadoDeProduto;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.web.Busca;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.LeituraPorId;
import br.com.lojaapi.gateway.web.Paginacao;
import br.com.lojaapi.gateway.web.PreCondicao;
import br.com.lojaapi.gateway.web.Recurso;
import br.com.lojaapi.gateway.web.Recursos;
import br.com.lojaapi.gateway.web.RespostaCondicional;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

@RestController
@RequestMapping(path = "/v1/produtos", produces = "application/json")
@Tag(name = "Produtos")
class ProdutoController {

    static final String NAO_ENCONTRADO = "Produto não encontrado";
    static final String CONTROLA_ESTOQUE_IGNORADO =
            "controlaEstoque ignorado: só pode ser definido na criação do produto";
    private static final String CATEGORIA_SO_NO_POST =
            "categoria (pelo nome) ignorada: no PUT, informe categoriaId";
    private static final String VARIACOES_NO_PUT =
            "variacoes ignoradas: no PUT, use /produtos/{id}/variacoes ou o POST com upsert";

    private final CadastroDeProdutos cadastro;
    private final GravacaoDeProduto gravacao;
    private final UrlDaVitrine vitrine;
    private final Recurso<ProdutoJson> produtos;

    ProdutoController(Recursos recursos, CadastroDeProdutos cadastro, GravacaoDeProduto gravacao, UrlDaVitrine vitrine,
                      ProdutoComoGet comoGet) {
        this.cadastro = cadastro;
        this.gravacao = gravacao;
        this.vitrine = vitrine;
        this.produtos = recursos.de(ModeloLeitura.PRODUTO, NAO_ENCONTRADO, comoGet::buscar)
                                .comLocal("/v1/produtos/").comEtagDoCorpo(comoGet::comEtag);
    }

    @Schema(name = "ListaDeProdutos")
    record Lista(List<ProdutoJson> produtos, Paginacao paginacao) {
    }

    @Schema(name = "ProdutoRemovido")
    record Removido(String id, boolean removido) {
    }

    @GetMapping
    @Operation(operationId = "listarProdutos",
            summary = "Lista os produtos da loja",
            description = """
                    busca casa nome, código de barras e SKU (contém, sem diferenciar maiúsculas) e, quando é um \
                    número, codIntegracao exato. Produtos removidos nunca aparecem.""")
    ResponseEntity<Lista> listar(LojaAtual loja, RespostaCondicional condicional,
                 @RequestParam(required = false) String busca,
                 @RequestParam(required = false) String categoriaId,
                 @Parameter(description = "true esconde os indisponíveis") @RequestParam(required = false) Boolean apenasDisponiveis,
                 @Parameter(description = "A partir de 1; padrão 1") @RequestParam(required = false) Integer page,
                 @Parameter(description = "De 1 a 100; padrão 50") @RequestParam(required = false) Integer limite) {
        Paginacao.Pedida pagina = Paginacao.pedida(page, limite);
        ListarProdutosQuery consulta = new ListarProdutosQuery(loja.lojaId(), Busca.validar(busca), categoriaId,
                Boolean.TRUE.equals(apenasDisponiveis), pagina.page(), pagina.limite());
        return condicional.lista(new CarimboDeProdutosQuery(consulta), consulta, PaginaDeProdutos.class, resultado -> {
            Function<String, String> url = vitrine.daLoja(loja.lojaId());
            return new Lista(resultado.produtos().stream().map(p -> ProdutoJson.de(p, url.apply(p.id()))).toList(),
                    pagina.de(resultado.total()));
        });
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "criarProduto",
            summary = "Cria um produto, ou cria ou atualiza pelo codIntegracao (upsert: true)",
            description = """
                    Categoria: categoriaId da loja; senão categoria pelo nome, reutilizada ou criada; senão \
                    'Sem categoria'. Imagens externas são baixadas e hospedadas pelo serviço. Produto, categoria \
                    nova e variações são gravados juntos ou nada é gravado.""")
    @ApiResponse(responseCode = "201", description = "Criado (no upsert, operacao = criado)",
            content = @Content(schema = @Schema(implementation = ProdutoJson.class)))
    @ApiResponse(responseCode = "200", description = "Upsert de um produto existente (operacao = atualizado)",
            content = @Content(schema = @Schema(implementation = ProdutoJson.class)))
    @ApiResponse(responseCode = "400",
            description = "Campo inválido, categoria ou grupo de outra loja, imagem recusada")
    ResponseEntity<Object> criar(LojaAtual loja, @Valid @RequestBody CorpoDeProduto corpo) {
        boolean upsert = corpo.upsert != null && corpo.upsert.orElse(false);
        produtos.anunciarAlvoDoComando();
        GravacaoDeProduto.Gravado feito = gravacao.gravar(loja.lojaId(), corpo, upsert);
        return produtos.gravado(loja.lojaId(), feito.criado(), feito.esperas(), feito.produtoId(), feito.versao(),
                p -> p.com(feito.operacao(), feito.avisos()));
    }

    @LeituraPorId(operationId = "lerProduto", summary = "Lê um produto (removidos dão 404)",
            resposta = "O produto")
    ResponseEntity<ProdutoJson> ler(LojaAtual loja, RespostaCondicional condicional, @PathVariable String id) {
        return produtos.ler(loja.lojaId(), id, condicional);
    }

    @PutMapping(path = "/{id}", consumes = "application/json")
    @Operation(operationId = "alterarProduto",
            summary = "Altera um produto",
            description = """
                    Só os campos enviados mudam; null apaga os anuláveis; multiploVenda null ou 0 volta a 1; \
                    controlaEstoque é ignorado com um aviso.""")
    @ApiResponse(responseCode = "200", description = "O produto alterado",
            content = @Content(schema = @Schema(implementation = ProdutoJson.class)))
    ResponseEntity<Object> alterar(LojaAtual loja, @PathVariable String id, @Valid @RequestBody CorpoDeProduto corpo,
                                   PreCondicao condicao) {
        Ids.exigir(id, NAO_ENCONTRADO);
        if (corpo.imagens != null) {
            // nothing is downloaded for a product that is not there, or for an If-Match already stale
            condicao.recusarSeVelha(produtos.exigir(loja.lojaId(), id).versao());
        }
        List<String> avisos = new ArrayList<>();
        if (corpo.controlaEstoque != null) {
            avisos.add(CONTROLA_ESTOQUE_IGNORADO);
        }
        if (corpo.categoria != null) {
            avisos.add(CATEGORIA_SO_NO_POST);
        }
        if (corpo.variacoes != null) {
            avisos.add(VARIACOES_NO_PUT);
        }
        return produtos.alterar(loja.lojaId(), id, condicao, (agora, esperada) -> new AlterarProdutoCommand(id,
                loja.lojaId(), corpo.alteracao(gravacao.imagens(loja.lojaId(), corpo.imagens)), List.of(), agora,
                esperada),
                new Recurso.Retorno<>(ResultadoDeProduto.class, ResultadoDeProduto::versao,
                        (produto, resultado) -> produto.com(null, Stream.concat(avisos.stream(),
                                resultado.avisos().stream()).toList())));
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "removerProduto",
            summary = "Remove um produto (remoção lógica: some de toda leitura; pedidos guardam sua cópia)")
    @ApiResponse(responseCode = "200", description = "Removido",
            content = @Content(schema = @Schema(implementation = Removido.class)))
    ResponseEntity<Object> remover(LojaAtual loja, @PathVariable String id, PreCondicao condicao) {
        Ids.exigir(id, NAO_ENCONTRADO);
        long versao = produtos.executar(agora -> cadastro.remover(loja.lojaId(), id, agora,
                condicao.versaoEsperada()));
        return produtos.removido(loja.lojaId(), id, versao, new Removido(id, true));
    }
}
