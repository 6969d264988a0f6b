package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
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
import br.com.lojaapi.gateway.web.RespostaCondicional;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * Variations belong to their product's aggregate; {@code /variacoes/{id}} finds the product through the read
 * model (which a writer's own read-your-writes wait has brought up to date), then the aggregate decides.
 */
@RestController
@Tag(name = "Variacoes", description = "Variações de um produto (tamanho, sabor, moagem...), cada uma com o seu estoque")
class VariacaoController {

    private static final String NAO_ENCONTRADA = "Variação não encontrada";

    private final Comandos comandos;
    private final QueryGateway consultas;
    private final RespostaDeEscrita escrita;
    private final Clock relogio;

    VariacaoController(Comandos comandos, QueryGateway consultas, RespostaDeEscrita escrita, Clock relogio) {
        this.comandos = comandos;
        this.consultas = consultas;
        this.escrita = escrita;
        this.relogio = relogio;
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
    ResponseEntity<Lista> listar(@Parameter(hidden = true) LojaAtual loja,
                                 @Parameter(hidden = true) RespostaCondicional condicional, @PathVariable String id) {
        Ids.exigir(id, ProdutoController.NAO_ENCONTRADO);
        return condicional.recurso(new CarimboDeListaQuery(loja.lojaId(), CarimboDeListaQuery.Lista.VARIACOES, id),
                ProdutoController.NAO_ENCONTRADO,
                () -> Optional.of(new Lista(produto(loja, id).variacoes().stream().map(VariacaoJson::de).toList())));
    }

    @PostMapping(path = "/v1/produtos/{id}/variacoes", consumes = "application/json", produces = "application/json")
    @Operation(operationId = "criarVariacao",
            summary = "Cria uma variação", description = "nome e valor1 obrigatórios. O estoque do produto passa a "
            + "ser a soma do estoque das variações.")
    @ApiResponse(responseCode = "201", description = "Criada",
            content = @Content(schema = @Schema(implementation = VariacaoJson.class)))
    ResponseEntity<Object> criar(@Parameter(hidden = true) LojaAtual loja, @PathVariable String id,
                                 @RequestBody CorpoDeVariacao corpo) {
        Ids.exigir(id, ProdutoController.NAO_ENCONTRADO);
        String variacaoId = Ids.novo();
        long versao = comandos.enviar(new AdicionarVariacaoCommand(id, loja.lojaId(), corpo.alteracao(variacaoId),
                relogio.instant()), ProdutoController.NAO_ENCONTRADO);
        return escrita.criado(ModeloLeitura.PRODUTO, loja.lojaId(), id, versao, URI.create("/v1/variacoes/" + variacaoId),
                () -> buscar(loja.lojaId(), variacaoId).map(VariacaoJson::de));
    }

    @GetMapping(path = "/v1/variacoes/{id}", produces = "application/json")
    @Operation(operationId = "lerVariacao",
            summary = "Lê uma variação")
    @ApiResponse(responseCode = "200", description = "A variação",
            content = @Content(schema = @Schema(implementation = VariacaoJson.class)))
    ResponseEntity<VariacaoJson> ler(@Parameter(hidden = true) LojaAtual loja,
                                     @Parameter(hidden = true) RespostaCondicional condicional, @PathVariable String id) {
        Ids.exigir(id, NAO_ENCONTRADA);
        return condicional.recursoPelaVersao(new CarimboQuery(loja.lojaId(), CarimboQuery.Alvo.VARIACAO, id, null),
                NAO_ENCONTRADA, () -> buscar(loja.lojaId(), id).map(VariacaoJson::de), VariacaoJson::versao);
    }

    @PutMapping(path = "/v1/variacoes/{id}", consumes = "application/json", produces = "application/json")
    @Operation(operationId = "alterarVariacao",
            summary = "Altera uma variação", description = "Só os campos enviados mudam; codIntegracao null apaga.")
    @ApiResponse(responseCode = "200", description = "A variação alterada",
            content = @Content(schema = @Schema(implementation = VariacaoJson.class)))
    ResponseEntity<Object> alterar(@Parameter(hidden = true) LojaAtual loja, @PathVariable String id,
                                   @RequestBody CorpoDeVariacao corpo, @Parameter(hidden = true) PreCondicao condicao) {
        VariacaoView atual = exigir(loja, id);
        long versao = comandos.enviar(new AlterarVariacaoCommand(atual.produtoId(), loja.lojaId(), id,
                corpo.alteracao(null), relogio.instant(), condicao.versaoEsperada()), NAO_ENCONTRADA);
        return escrita.alterado(ModeloLeitura.PRODUTO, loja.lojaId(), atual.produtoId(), versao,
                () -> buscar(loja.lojaId(), id).map(VariacaoJson::de));
    }

    @DeleteMapping(path = "/v1/variacoes/{id}", produces = "application/json")
    @Operation(operationId = "removerVariacao",
            summary = "Remove uma variação (remoção definitiva)")
    @ApiResponse(responseCode = "200", description = "Removida",
            content = @Content(schema = @Schema(implementation = Removida.class)))
    ResponseEntity<Object> remover(@Parameter(hidden = true) LojaAtual loja, @PathVariable String id,
                                   @Parameter(hidden = true) PreCondicao condicao) {
        VariacaoView atual = exigir(loja, id);
        long versao = comandos.enviar(new RemoverVariacaoCommand(atual.produtoId(), loja.lojaId(), id,
                relogio.instant(), condicao.versaoEsperada()), NAO_ENCONTRADA);
        return escrita.removido(ModeloLeitura.PRODUTO, loja.lojaId(), atual.produtoId(), versao, new Removida(id, true));
    }

    private ProdutoView produto(LojaAtual loja, String id) {
        Ids.exigir(id, ProdutoController.NAO_ENCONTRADO);
        return consultas.query(new BuscarProdutoQuery(loja.lojaId(), id), ResponseTypes.optionalInstanceOf(ProdutoView.class))
                        .join().orElseThrow(() -> ErroDeNegocio.naoEncontrado(ProdutoController.NAO_ENCONTRADO));
    }

    private VariacaoView exigir(LojaAtual loja, String id) {
        return buscar(loja.lojaId(), Ids.exigir(id, NAO_ENCONTRADA))
                .orElseThrow(() -> ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA));
    }

    private Optional<VariacaoView> buscar(String lojaId, String id) {
        return consultas.query(new BuscarVariacaoQuery(lojaId, id), ResponseTypes.optionalInstanceOf(VariacaoView.class))
                        .join();
    }
}
