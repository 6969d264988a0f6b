package br.com.lojaapi.gateway.cliente;

import br.com.lojaapi.command.cliente.CadastroDeClientes;
import br.com.lojaapi.coreapi.cliente.BuscarClienteQuery;
import br.com.lojaapi.coreapi.cliente.CarimboDeClientesQuery;
import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.cliente.ListarClientesQuery;
import br.com.lojaapi.coreapi.cliente.PaginaDeClientes;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.web.Busca;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.LeituraPorId;
import br.com.lojaapi.gateway.web.Paginacao;
import br.com.lojaapi.gateway.web.Recurso;
import br.com.lojaapi.gateway.web.Recursos;
import br.com.lojaapi.gateway.web.RespostaCondicional;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

@RestController
@RequestMapping(path = "/v1/clientes", produces = "application/json")
@Tag(name = "Clientes")
class ClienteController {

    static final String NAO_ENCONTRADO = "Cliente não encontrado";

    private final CadastroDeClientes cadastro;
    private final Recurso<ClienteJson> clientes;

    ClienteController(Recursos recursos, CadastroDeClientes cadastro) {
        this.cadastro = cadastro;
        this.clientes = recursos.de(ModeloLeitura.CLIENTE, NAO_ENCONTRADO,
                        recursos.consulta(BuscarClienteQuery::new, ClienteView.class, ClienteJson::de))
                .comLocal("/v1/clientes/").comEtagDaVersao(CarimboQuery.Alvo.CLIENTE, ClienteJson::versao);
    }

    @Schema(name = "ListaDeClientes")
    record Lista(List<ClienteJson> clientes, Paginacao paginacao) {
    }

    @GetMapping
    @Operation(operationId = "listarClientes",
            summary = "Lista os clientes da loja",
            description = """
                    Ordenados pelo nome (sem diferenciar maiúsculas) e, no empate, pelo id. busca casa nome, \
                    email e celular (contém, sem diferenciar maiúsculas) e, quando tem algum dígito, documento, com \
                    ou sem pontuação; um termo só de dígitos e pontuação de telefone também casa os dígitos do \
                    celular.""")
    @ApiResponse(responseCode = "200", description = "Uma página de clientes")
    ResponseEntity<Lista> listar(LojaAtual loja, RespostaCondicional condicional,
                 @Parameter(description = "Até 200 caracteres") @RequestParam(required = false) String busca,
                 @Parameter(description = "A partir de 1; padrão 1") @RequestParam(required = false) Integer page,
                 @Parameter(description = "De 1 a 100; padrão 50") @RequestParam(required = false) Integer limite) {
        Paginacao.Pedida pagina = Paginacao.pedida(page, limite);
        ListarClientesQuery consulta = new ListarClientesQuery(loja.lojaId(), Busca.validar(busca), pagina.page(),
                pagina.limite());
        return condicional.lista(new CarimboDeClientesQuery(consulta), consulta, PaginaDeClientes.class,
                resultado -> new Lista(resultado.clientes().stream().map(ClienteJson::de).toList(),
                        pagina.de(resultado.total())));
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "gravarCliente",
            summary = "Cadastra ou atualiza um cliente pelo documento",
            description = """
                    Documento novo na loja: cria o cliente (nome e documento obrigatórios), 201. Documento já \
                    cadastrado (com ou sem pontuação): atualiza só os campos enviados, null apaga os anuláveis, \
                    200. O documento é normalizado e seus dígitos verificadores conferidos (CPF, CNPJ numérico ou \
                    alfanumérico); tipoDocumento é deduzido e, se enviado, deve concordar.""")
    @ApiResponse(responseCode = "201", description = "Cliente criado",
            content = @Content(schema = @Schema(implementation = ClienteJson.class)))
    @ApiResponse(responseCode = "200", description = "Cliente existente atualizado",
            content = @Content(schema = @Schema(implementation = ClienteJson.class)))
    @ApiResponse(responseCode = "400", description = "Campo ausente ou inválido; nada muda")
    ResponseEntity<Object> gravar(LojaAtual loja, @RequestBody CorpoDeCliente corpo) {
        clientes.anunciarAlvoDoComando();
        CadastroDeClientes.Cadastro feito = clientes.executar(agora -> cadastro.criarOuAtualizar(loja.lojaId(),
                Ids.novo(), corpo.alteracao(), agora));
        return clientes.gravado(loja.lojaId(), feito.criado(), feito.clienteId(), feito.versao());
    }

    @LeituraPorId(operationId = "lerCliente", summary = "Lê um cliente", resposta = "O cliente")
    ResponseEntity<ClienteJson> ler(LojaAtual loja, RespostaCondicional condicional, @PathVariable String id) {
        return clientes.ler(loja.lojaId(), id, condicional);
    }
}
