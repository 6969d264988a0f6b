package br.com.lojaapi.gateway.categoria;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.coreapi.categoria.AtualizarCategoriaCommand;
import br.com.lojaapi.coreapi.categoria.BuscarCategoriaQuery;
import br.com.lojaapi.coreapi.categoria.CategoriaView;
import br.com.lojaapi.coreapi.categoria.CriarCategoriaCommand;
import br.com.lojaapi.coreapi.categoria.ListarCategoriasQuery;
import br.com.lojaapi.coreapi.categoria.RemoverCategoriaCommand;
import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.erro.Erro;
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
import jakarta.validation.Valid;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

@RestController
@RequestMapping(path = "/v1/categorias", produces = "application/json")
@Tag(name = "Categorias")
class CategoriaController {

    private static final String NAO_ENCONTRADA = "Categoria não encontrada";

    private final Comandos comandos;
    private final QueryGateway consultas;
    private final RespostaDeEscrita escrita;
    private final Clock relogio;

    CategoriaController(Comandos comandos, QueryGateway consultas, RespostaDeEscrita escrita, Clock relogio) {
        this.comandos = comandos;
        this.consultas = consultas;
        this.escrita = escrita;
        this.relogio = relogio;
    }

    @GetMapping
    @Operation(operationId = "listarCategorias",
            summary = "Lista as categorias da loja, pela ordem")
    ResponseEntity<List<CategoriaJson>> listar(@Parameter(hidden = true) LojaAtual loja,
                                               @Parameter(hidden = true) RespostaCondicional condicional) {
        return condicional.recurso(new CarimboDeListaQuery(loja.lojaId(), CarimboDeListaQuery.Lista.CATEGORIAS, null),
                NAO_ENCONTRADA, () -> Optional.of(consultas.query(new ListarCategoriasQuery(loja.lojaId()),
                                        ResponseTypes.multipleInstancesOf(CategoriaView.class))
                                .join().stream().map(CategoriaJson::de).toList()));
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "criarCategoria",
            summary = "Cria uma categoria",
            description = "Nome único na loja sem diferenciar maiúsculas; ordem omitida vai para o fim; ativa padrão true.")
    @ApiResponse(responseCode = "201", description = "Criada",
            content = @Content(schema = @Schema(implementation = CategoriaJson.class)))
    @ApiResponse(responseCode = "400", description = "Nome vazio ou já usado na loja",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Object> criar(@Parameter(hidden = true) LojaAtual loja, @Valid @RequestBody NovaCategoria corpo) {
        String id = Ids.novo();
        long versao = comandos.enviar(new CriarCategoriaCommand(id, loja.lojaId(), corpo.nome(), corpo.descricao(),
                corpo.ordem(), corpo.ativa() == null || corpo.ativa(), relogio.instant()), NAO_ENCONTRADA);
        return escrita.criado(ModeloLeitura.CATEGORIA, loja.lojaId(), id, versao, URI.create("/v1/categorias/" + id),
                () -> buscar(loja.lojaId(), id));
    }

    @GetMapping("/{id}")
    @Operation(operationId = "lerCategoria",
            summary = "Lê uma categoria")
    @ApiResponse(responseCode = "200", description = "A categoria",
            content = @Content(schema = @Schema(implementation = CategoriaJson.class)))
    ResponseEntity<CategoriaJson> ler(@Parameter(hidden = true) LojaAtual loja,
                                      @Parameter(hidden = true) RespostaCondicional condicional, @PathVariable String id) {
        Ids.exigir(id, NAO_ENCONTRADA);
        return condicional.recursoPelaVersao(new CarimboQuery(loja.lojaId(), CarimboQuery.Alvo.CATEGORIA, id, null),
                NAO_ENCONTRADA, () -> buscar(loja.lojaId(), id), CategoriaJson::versao);
    }

    @PutMapping(path = "/{id}", consumes = "application/json")
    @Operation(operationId = "alterarCategoria",
            summary = "Altera uma categoria", description = "Só os campos enviados mudam; descricao null apaga.")
    @ApiResponse(responseCode = "200", description = "A categoria alterada",
            content = @Content(schema = @Schema(implementation = CategoriaJson.class)))
    @ApiResponse(responseCode = "400", description = "Nome vazio ou usado por outra categoria",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Object> alterar(@Parameter(hidden = true) LojaAtual loja, @PathVariable String id,
                                   @Valid @RequestBody AlteracaoCategoria corpo,
                                   @Parameter(hidden = true) PreCondicao condicao) {
        Ids.exigir(id, NAO_ENCONTRADA);
        String nome = naoNulo(corpo.nome, "nome");
        Integer ordem = naoNulo(corpo.ordem, "ordem");
        Boolean ativa = naoNulo(corpo.ativa, "ativa");
        long versao = comandos.enviar(new AtualizarCategoriaCommand(id, loja.lojaId(), nome, corpo.descricao, ordem,
                ativa, relogio.instant(), condicao.versaoEsperada()), NAO_ENCONTRADA);
        return escrita.alterado(ModeloLeitura.CATEGORIA, loja.lojaId(), id, versao, () -> buscar(loja.lojaId(), id));
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "removerCategoria",
            summary = "Remove uma categoria",
            description = "Recusada com 409 enquanto houver produtos ou subcategorias vinculados.")
    @ApiResponse(responseCode = "200", description = "Removida",
            content = @Content(schema = @Schema(implementation = CategoriaRemovida.class)))
    @ApiResponse(responseCode = "409", description = "Há produtos ou subcategorias vinculados",
            content = @Content(schema = @Schema(implementation = ConflitoDeRemocao.class)))
    ResponseEntity<Object> remover(@Parameter(hidden = true) LojaAtual loja, @PathVariable String id,
                                   @Parameter(hidden = true) PreCondicao condicao) {
        Ids.exigir(id, NAO_ENCONTRADA);
        // The aggregate refuses with 409 (and the counts) while products point at the category.
        long versao = comandos.enviar(new RemoverCategoriaCommand(id, loja.lojaId(), relogio.instant(),
                condicao.versaoEsperada()), NAO_ENCONTRADA);
        return escrita.removido(ModeloLeitura.CATEGORIA, loja.lojaId(), id, versao, new CategoriaRemovida(id, true));
    }

    private Optional<CategoriaJson> buscar(String lojaId, String id) {
        return consultas.query(new BuscarCategoriaQuery(lojaId, id), ResponseTypes.optionalInstanceOf(CategoriaView.class))
                        .join()
                        .map(CategoriaJson::de);
    }

    private static <T> T naoNulo(Optional<T> campo, String nome) {
        if (campo == null) {
            return null;
        }
        return campo.orElseThrow(() -> ErroDeNegocio.invalido(nome + " não pode ser null; omita o campo para mantê-lo"));
    }

    @Schema(name = "ConflitoRemocaoCategoria")
    record ConflitoDeRemocao(String erro, long produtosVinculados, long subcategoriasVinculadas) {
    }
}
