package br.com.lojaapi.gateway.categoria;

import br.com.lojaapi.command.comum.Campos;
import br.com.lojaapi.coreapi.categoria.AtualizarCategoriaCommand;
import br.com.lojaapi.coreapi.categoria.BuscarCategoriaQuery;
import br.com.lojaapi.coreapi.categoria.CategoriaView;
import br.com.lojaapi.coreapi.categoria.CriarCategoriaCommand;
import br.com.lojaapi.coreapi.categoria.ListarCategoriasQuery;
import br.com.lojaapi.coreapi.categoria.RemoverCategoriaCommand;
import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.web.LeituraPorId;
import br.com.lojaapi.gateway.web.PreCondicao;
import br.com.lojaapi.gateway.web.Recurso;
import br.com.lojaapi.gateway.web.Recursos;
import br.com.lojaapi.gateway.web.RespostaCondicional;
import io.swagger.v3.oas.annotations.Operation;
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
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

@RestController
@RequestMapping(path = "/v1/categorias", produces = "application/json")
@Tag(name = "Categorias")
class CategoriaController {

    private static final String NAO_ENCONTRADA = "Categoria não encontrada";

    private final Recursos recursos;
    private final Recurso<CategoriaJson> categorias;

    CategoriaController(Recursos recursos) {
        this.recursos = recursos;
        this.categorias = recursos.de(ModeloLeitura.CATEGORIA, NAO_ENCONTRADA,
                        recursos.consulta(BuscarCategoriaQuery::new, CategoriaView.class, CategoriaJson::de))
                .comLocal("/v1/categorias/").comEtagDaVersao(CarimboQuery.Alvo.CATEGORIA, CategoriaJson::versao);
    }

    @GetMapping
    @Operation(operationId = "listarCategorias",
            summary = "Lista as categorias da loja, pela ordem")
    ResponseEntity<List<CategoriaJson>> listar(LojaAtual loja, RespostaCondicional condicional) {
        return condicional.recurso(new CarimboDeListaQuery(loja.lojaId(), CarimboDeListaQuery.Lista.CATEGORIAS, null),
                NAO_ENCONTRADA, () -> Optional.of(recursos.todos(new ListarCategoriasQuery(loja.lojaId()),
                        CategoriaView.class, CategoriaJson::de)));
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "criarCategoria",
            summary = "Cria uma categoria",
            description = "Nome único na loja sem diferenciar maiúsculas; ordem omitida vai para o fim; ativa padrão true.")
    @ApiResponse(responseCode = "201", description = "Criada",
            content = @Content(schema = @Schema(implementation = CategoriaJson.class)))
    @ApiResponse(responseCode = "400", description = "Nome vazio ou já usado na loja")
    ResponseEntity<Object> criar(LojaAtual loja, @Valid @RequestBody NovaCategoria corpo) {
        return categorias.criar(loja.lojaId(), (id, agora) -> new CriarCategoriaCommand(id, loja.lojaId(),
                corpo.nome(), corpo.descricao(), corpo.ordem(), corpo.ativa() == null || corpo.ativa(), agora));
    }

    @LeituraPorId(operationId = "lerCategoria", summary = "Lê uma categoria", resposta = "A categoria")
    ResponseEntity<CategoriaJson> ler(LojaAtual loja, RespostaCondicional condicional, @PathVariable String id) {
        return categorias.ler(loja.lojaId(), id, condicional);
    }

    @PutMapping(path = "/{id}", consumes = "application/json")
    @Operation(operationId = "alterarCategoria",
            summary = "Altera uma categoria", description = "Só os campos enviados mudam; descricao null apaga.")
    @ApiResponse(responseCode = "200", description = "A categoria alterada",
            content = @Content(schema = @Schema(implementation = CategoriaJson.class)))
    @ApiResponse(responseCode = "400", description = "Nome vazio ou usado por outra categoria")
    ResponseEntity<Object> alterar(LojaAtual loja, @PathVariable String id,
                                   @Valid @RequestBody AlteracaoCategoria corpo, PreCondicao condicao) {
        return categorias.alterar(loja.lojaId(), id, condicao, (agora, esperada) -> new AtualizarCategoriaCommand(id,
                loja.lojaId(), naoNulo(corpo.nome, "nome"), corpo.descricao, naoNulo(corpo.ordem, "ordem"),
                naoNulo(corpo.ativa, "ativa"), agora, esperada));
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "removerCategoria",
            summary = "Remove uma categoria",
            description = "Recusada com 409 enquanto houver produtos ou subcategorias vinculados.")
    @ApiResponse(responseCode = "200", description = "Removida",
            content = @Content(schema = @Schema(implementation = CategoriaRemovida.class)))
    @ApiResponse(responseCode = "409", description = "Há produtos ou subcategorias vinculados",
            content = @Content(schema = @Schema(implementation = ConflitoDeRemocao.class)))
    ResponseEntity<Object> remover(LojaAtual loja, @PathVariable String id, PreCondicao condicao) {
        // The aggregate refuses with 409 (and the counts) while products point at the category.
        return categorias.remover(loja.lojaId(), id, condicao, (agora, esperada) -> new RemoverCategoriaCommand(id,
                loja.lojaId(), agora, esperada), new CategoriaRemovida(id, true));
    }

    /** A field the command keeps when absent (null) but that cannot be set to null. */
    private static <T> T naoNulo(Optional<T> campo, String nome) {
        return Campos.obrigatorio(campo, null, nome, Function.identity());
    }

    @Schema(name = "ConflitoRemocaoCategoria")
    record ConflitoDeRemocao(String erro, long produtosVinculados, long subcategoriasVinculadas) {
    }
}
