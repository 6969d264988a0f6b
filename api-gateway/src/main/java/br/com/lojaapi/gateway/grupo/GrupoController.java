package br.com.lojaapi.gateway.grupo;

import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.grupo.AlterarGrupoComplementoCommand;
import br.com.lojaapi.coreapi.grupo.BuscarGrupoQuery;
import br.com.lojaapi.coreapi.grupo.CriarGrupoComplementoCommand;
import br.com.lojaapi.coreapi.grupo.GrupoView;
import br.com.lojaapi.coreapi.grupo.ListarGruposQuery;
import br.com.lojaapi.coreapi.grupo.RemoverGrupoComplementoCommand;
import br.com.lojaapi.coreapi.grupo.ResultadoDeGrupo;
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

@RestController
@RequestMapping(path = "/v1/grupos-complemento", produces = "application/json")
@Tag(name = "Grupos de complementos")
class GrupoController {

    private static final String NAO_ENCONTRADO = "Grupo de complementos não encontrado";

    /** The group's handlers return its version and the warnings its selection rules raise. */
    private static final Recurso.Retorno<ResultadoDeGrupo, GrupoJson> COM_AVISOS = new Recurso.Retorno<>(
            ResultadoDeGrupo.class, ResultadoDeGrupo::versao, (grupo, feito) -> grupo.com(feito.avisos()));

    private final Recursos recursos;
    private final Recurso<GrupoJson> grupos;

    GrupoController(Recursos recursos) {
        this.recursos = recursos;
        this.grupos = recursos.de(ModeloLeitura.GRUPO, NAO_ENCONTRADO,
                        recursos.consulta(BuscarGrupoQuery::new, GrupoView.class, GrupoJson::de))
                .comLocal("/v1/grupos-complemento/").comEtagDaVersao(CarimboQuery.Alvo.GRUPO, GrupoJson::versao);
    }

    @Schema(name = "ListaDeGrupos")
    record Lista(List<GrupoJson> grupos) {
    }

    @Schema(name = "GrupoRemovido")
    record Removido(String id, boolean removido) {
    }

    @GetMapping
    @Operation(operationId = "listarGruposDeComplemento",
            summary = "Lista os grupos de complementos da loja",
            description = "Um grupo é vinculado a produtos pelo campo gruposComplemento do produto.")
    ResponseEntity<Lista> listar(LojaAtual loja, RespostaCondicional condicional) {
        return condicional.recurso(new CarimboDeListaQuery(loja.lojaId(), CarimboDeListaQuery.Lista.GRUPOS, null),
                NAO_ENCONTRADO, () -> Optional.of(new Lista(recursos.todos(new ListarGruposQuery(loja.lojaId()),
                        GrupoView.class, GrupoJson::de))));
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "criarGrupoDeComplemento",
            summary = "Cria um grupo de complementos",
            description = """
                    minimo e maximo são regras de seleção: SELECAO com maximo acima de 1 e maximo acima do \
                    número de itens (opções que se repetem) são aceitos e explicados em avisos; minimo acima de \
                    maximo, ou negativos, dão 400.""")
    @ApiResponse(responseCode = "201", description = "Criado",
            content = @Content(schema = @Schema(implementation = GrupoJson.class)))
    ResponseEntity<Object> criar(LojaAtual loja, @RequestBody CorpoDeGrupo corpo) {
        return grupos.criar(loja.lojaId(), (id, agora) -> new CriarGrupoComplementoCommand(id, loja.lojaId(),
                corpo.alteracao(), agora), COM_AVISOS);
    }

    @LeituraPorId(operationId = "lerGrupoDeComplemento", summary = "Lê um grupo de complementos", resposta = "O grupo")
    ResponseEntity<GrupoJson> ler(LojaAtual loja, RespostaCondicional condicional, @PathVariable String id) {
        return grupos.ler(loja.lojaId(), id, condicional);
    }

    @PutMapping(path = "/{id}", consumes = "application/json")
    @Operation(operationId = "alterarGrupoDeComplemento",
            summary = "Altera um grupo", description = """
                    itens, quando enviado (ao menos um), substitui a lista inteira. \
                    As regras de minimo e maximo são as do POST, conferidas no grupo resultante.""")
    @ApiResponse(responseCode = "200", description = "O grupo alterado",
            content = @Content(schema = @Schema(implementation = GrupoJson.class)))
    ResponseEntity<Object> alterar(LojaAtual loja, @PathVariable String id, @RequestBody CorpoDeGrupo corpo,
                                   PreCondicao condicao) {
        return grupos.alterar(loja.lojaId(), id, condicao, (agora, esperada) -> new AlterarGrupoComplementoCommand(id,
                loja.lojaId(), corpo.alteracao(), agora, esperada), COM_AVISOS);
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "removerGrupoDeComplemento",
            summary = "Remove um grupo", description = "Produtos que o vinculavam deixam de mostrá-lo.")
    @ApiResponse(responseCode = "200", description = "Removido",
            content = @Content(schema = @Schema(implementation = Removido.class)))
    ResponseEntity<Object> remover(LojaAtual loja, @PathVariable String id, PreCondicao condicao) {
        return grupos.remover(loja.lojaId(), id, condicao, (agora, esperada) -> new RemoverGrupoComplementoCommand(id,
                loja.lojaId(), agora, esperada), new Removido(id, true));
    }
}
