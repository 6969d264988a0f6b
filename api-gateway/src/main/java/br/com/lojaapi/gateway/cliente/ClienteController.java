package br.com.lojaapi.gateway.cliente;

import br.com.lojaapi.command.cliente.CadastroDeClientes;
import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.coreapi.cliente.BuscarClienteQuery;
import br.com.lojaapi.coreapi.cliente.CarimboDeClientesQuery;
import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.cliente.ListarClientesQuery;
import br.com.lojaapi.coreapi.cliente.PaginaDeClientes;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.erro.Erro;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.Paginacao;
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
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

@RestController
@RequestMapping(path = "/v1/clientes", produces = "application/json")
@Tag(name = "Clientes")
class ClienteController {

    static final String NAO_ENCONTRADO = "Cliente não encontrado";
    static final int BUSCA_MAXIMA = 200;

    private final Comandos comandos;
    private final CadastroDeClientes cadastro;
    private final QueryGateway consultas;
    private final RespostaDeEscrita escrita;
    private final Clock relogio;

    ClienteController(Comandos comandos, CadastroDeClientes cadastro, QueryGateway consultas, RespostaDeEscrita escrita,
                      Clock relogio) {
        this.comandos = comandos;
        this.cadastro = cadastro;
        this.consultas = consultas;
        this.escrita = escrita;
        this.relogio = relogio;
    }

    @Schema(name = "ListaDeClientes")
    record Lista(List<ClienteJson> clientes, Paginacao paginacao) {
    }

    @GetMapping
    @Operation(operationId = "listarClientes",
            summary = "Lista os clientes da loja",
            description = "Ordenados pelo nome (sem diferenciar maiúsculas) e, no empate, pelo id. busca casa nome, "
                    + "email e celular (contém, sem diferenciar maiúsculas) e, quando tem algum dígito, documento, com "
                    + "ou sem pontuação; um termo só de dígitos e pontuação de telefone também casa os dígitos do "
                    + "celular.")
    @ApiResponse(responseCode = "200", description = "Uma página de clientes",
            content = @Content(schema = @Schema(implementation = Lista.class)))
    ResponseEntity<Lista> listar(@Parameter(hidden = true) LojaAtual loja,
                 @Parameter(hidden = true) RespostaCondicional condicional,
                 @Parameter(description = "Até 200 caracteres") @RequestParam(required = false) String busca,
                 @Parameter(description = "A partir de 1; padrão 1") @RequestParam(required = false) Integer page,
                 @Parameter(description = "De 1 a 100; padrão 50") @RequestParam(required = false) Integer limite) {
        int[] pagina = Paginacao.validar(page, limite);
        if (busca != null && busca.length() > BUSCA_MAXIMA) {
            throw ErroDeNegocio.invalido("busca: no máximo " + BUSCA_MAXIMA + " caracteres");
        }
        ListarClientesQuery consulta = new ListarClientesQuery(loja.lojaId(), busca, pagina[0], pagina[1]);
        return condicional.lista(new CarimboDeClientesQuery(consulta), () -> {
            PaginaDeClientes resultado = consultas.query(consulta, PaginaDeClientes.class).join();
            return new Lista(resultado.clientes().stream().map(ClienteJson::de).toList(),
                    Paginacao.de(pagina[0], pagina[1], resultado.total()));
        });
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "gravarCliente",
            summary = "Cadastra ou atualiza um cliente pelo documento",
            description = "Documento novo na loja: cria o cliente (nome e documento obrigatórios), 201. Documento já "
                    + "cadastrado (com ou sem pontuação): atualiza só os campos enviados, null apaga os anuláveis, "
                    + "200. O documento é normalizado e seus dígitos verificadores conferidos (CPF, CNPJ numérico ou "
                    + "alfanumérico); tipoDocumento é deduzido e, se enviado, deve concordar.")
    @ApiResponse(responseCode = "201", description = "Cliente criado",
            content = @Content(schema = @Schema(implementation = ClienteJson.class)))
    @ApiResponse(responseCode = "200", description = "Cliente existente atualizado",
            content = @Content(schema = @Schema(implementation = ClienteJson.class)))
    @ApiResponse(responseCode = "400", description = "Campo ausente ou inválido; nada muda",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Object> gravar(@Parameter(hidden = true) LojaAtual loja, @RequestBody CorpoDeCliente corpo) {
        CadastroDeClientes.Cadastro feito = comandos.executar(() -> cadastro.criarOuAtualizar(loja.lojaId(), Ids.novo(),
                corpo.alteracao(), relogio.instant()), NAO_ENCONTRADO);
        String id = feito.clienteId();
        if (feito.criado()) {
            return escrita.criado(ModeloLeitura.CLIENTE, loja.lojaId(), id, feito.versao(),
                    URI.create("/v1/clientes/" + id), () -> buscar(loja.lojaId(), id));
        }
        return escrita.alterado(ModeloLeitura.CLIENTE, loja.lojaId(), id, feito.versao(), () -> buscar(loja.lojaId(), id));
    }

    @GetMapping("/{id}")
    @Operation(operationId = "lerCliente",
            summary = "Lê um cliente")
    @ApiResponse(responseCode = "200", description = "O cliente",
            content = @Content(schema = @Schema(implementation = ClienteJson.class)))
    ResponseEntity<ClienteJson> ler(@Parameter(hidden = true) LojaAtual loja,
                                    @Parameter(hidden = true) RespostaCondicional condicional, @PathVariable String id) {
        Ids.exigir(id, NAO_ENCONTRADO);
        return condicional.recursoPelaVersao(new CarimboQuery(loja.lojaId(), CarimboQuery.Alvo.CLIENTE, id, null),
                NAO_ENCONTRADO, () -> buscar(loja.lojaId(), id), ClienteJson::versao);
    }

    private Optional<ClienteJson> buscar(String lojaId, String id) {
        return consultas.query(new BuscarClienteQuery(lojaId, id), ResponseTypes.optionalInstanceOf(ClienteView.class))
                        .join()
                        .map(ClienteJson::de);
    }
}
