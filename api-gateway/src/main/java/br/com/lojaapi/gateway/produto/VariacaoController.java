package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.produto.AdicionarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.AlterarVariacaoCommand;
import br.com.lojaapi.coreapi.produto.BuscarProdutoQuery;
import br.com.lojaapi.coreapi.produto.BuscarVariacaoQuery;
import br.com.lojaapi.coreapi.produto.ProdutoView;
import br.com.lojaapi.coreapi.produto.RemoverVariacaoCommand;
import br.com.lojaapi.coreapi.produto.VariacaoView;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.PreCondicao;
import br.com.lojaapi.gateway.web.Recurso;
import br.com.lojaapi.gateway.web.Recursos;
import br.com.lojaapi.gateway.web.RespostaCondicional;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Variations belong to their product's aggregate; {@code /variacoes/{id}} finds the product through the read
 * model (which a writer's own read-your-writes wait has brought up to date), then the aggregate decides.
 */
@RestController
@Tag(name = "Variacoes", description = "Variações de um produto (tamanho, sabor, moagem...), cada uma com o seu estoque")
class VariacaoController {

    private static final String NAO_ENCONTRADA = "Variação não encontrada";

    private final Recurso<ProdutoView> produtos;
    private final Recurso<VariacaoJson> variacoes;
    private final RespostaDeEscrita escrita;

    VariacaoController(Recursos recursos, RespostaDeEscrita escrita) {
        this.produtos = recursos.de(ModeloLeitura.PRODUTO, ProdutoController.NAO_ENCONTRADO,
                recursos.consulta(BuscarProdutoQuery::new, ProdutoView.class, Function.identity()));
        this.variacoes = recursos.de(ModeloLeitura.PRODUTO, NAO_ENCONTRADA,
                        recursos.consulta(BuscarVariacaoQuery::new, VariacaoView.class, VariacaoJson::de))
                .comLocal("/v1/variacoes/").comEtagDaVersao(CarimboQuery.Alvo.VARIACAO, VariacaoJson::versao);
        this.escrita = escrita;
    }

    @Schema(name = "ListaDeVariacoes")
    record Lista(List<VariacaoJson> variacoes) {
    }

    @Schema(name = "VariacaoRemovida")
    record Removida(String id, boolean removido) {
    }

    @GetMapping(path = "/v1/produtos/{id}/variacoes", produces = "application/json")
    @Operation(operationId = "listarVariacoesDoProduto",
            summary = "Lista as variações de um produto")
    ResponseEntity<Lista> listar(LojaAtual loja, RespostaCondicional condicional, @PathVariable String id) {
        Ids.exigir(id, ProdutoController.NAO_ENCONTRADO);
        return condicional.recurso(new CarimboDeListaQuery(loja.lojaId(), CarimboDeListaQuery.Lista.VARIACOES, id),
                ProdutoController.NAO_ENCONTRADO,
                () -> Optional.of(new Lista(produtos.exigir(loja.lojaId(), id).variacoes().stream()
                                                    .map(VariacaoJson::de).toList())));
    }

    @PostMapping(path = "/v1/produtos/{id}/variacoes", consumes = "application/json", produces = "application/json")
    @Operation(operationId = "criarVariacao",
            summary = "Cria uma variação", description = """
                    nome e valor1 obrigatórios. O estoque do produto passa a \
                    ser a soma do estoque das variações.""")
    @ApiResponse(responseCode = "201", description = "Criada",
            content = @Content(schema = @Schema(implementation = VariacaoJson.class)))
    ResponseEntity<Object> criar(LojaAtual loja, @PathVariable String id, @RequestBody CorpoDeVariacao corpo) {
        Ids.exigir(id, ProdutoController.NAO_ENCONTRADO);
        String variacaoId = Ids.novo();
        variacoes.anunciar(variacaoId);
        long versao = produtos.enviar(agora -> new AdicionarVariacaoCommand(id, loja.lojaId(),
                corpo.alteracao(variacaoId), agora));
        // The variation is written in its product's row: that is what the answer waits for (and what a 202 names).
        return escrita.criado(ModeloLeitura.PRODUTO, loja.lojaId(), id, versao, URI.create("/v1/variacoes/" + variacaoId),
                () -> variacoes.buscar(loja.lojaId(), variacaoId));
    }

    @GetMapping(path = "/v1/variacoes/{id}", produces = "application/json")
    @Operation(operationId = "lerVariacao",
            summary = "Lê uma variação")
    @ApiResponse(responseCode = "200", description = "A variação")
    ResponseEntity<VariacaoJson> ler(LojaAtual loja, RespostaCondicional condicional, @PathVariable String id) {
        return variacoes.ler(loja.lojaId(), id, condicional);
    }

    @PutMapping(path = "/v1/variacoes/{id}", consumes = "application/json", produces = "application/json")
    @Operation(operationId = "alterarVariacao",
            summary = "Altera uma variação", description = "Só os campos enviados mudam; codIntegracao null apaga.")
    @ApiResponse(responseCode = "200", description = "A variação alterada",
            content = @Content(schema = @Schema(implementation = VariacaoJson.class)))
    ResponseEntity<Object> alterar(LojaAtual loja, @PathVariable String id, @RequestBody CorpoDeVariacao corpo,
                                   PreCondicao condicao) {
        VariacaoJson atual = variacoes.exigir(loja.lojaId(), id);
        long versao = variacoes.enviar(agora -> new AlterarVariacaoCommand(atual.produtoId(), loja.lojaId(), id,
                corpo.alteracao(null), agora, condicao.versaoEsperada()));
        return escrita.alterado(ModeloLeitura.PRODUTO, loja.lojaId(), atual.produtoId(), versao,
                () -> variacoes.buscar(loja.lojaId(), id));
    }

    @DeleteMapping(path = "/v1/variacoes/{id}", produces = "application/json")
    @Operation(operationId = "removerVariacao",
            summary = "Remove uma variação (remoção definitiva)")
    @ApiResponse(responseCode = "200", description = "Removida",
            content = @Content(schema = @Schema(implementation = Removida.class)))
    ResponseEntity<Object> remover(LojaAtual loja, @PathVariable String id, PreCondicao condicao) {
        VariacaoJson atual = variacoes.exigir(loja.lojaId(), id);
        long versao = variacoes.enviar(agora -> new RemoverVariacaoCommand(atual.produtoId(), loja.lojaId(), id,
                agora, condicao.versaoEsperada()));
        return escrita.removido(ModeloLeitura.PRODUTO, loja.lojaId(), atual.produtoId(), versao, new Removida(id, true));
    }
}
