package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.command.comum.EnderecoProibidoException;
import br.com.lojaapi.command.comum.PoliticaDeRede;
import br.com.lojaapi.command.entrega.Assinaturas;
import br.com.lojaapi.command.entrega.EventoDeWebhook;
import br.com.lojaapi.command.entrega.FilaDeWebhooks;
import br.com.lojaapi.command.webhook.WebhookLookup;
import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.webhook.BuscarWebhookQuery;
import br.com.lojaapi.coreapi.webhook.CriarWebhookCommand;
import br.com.lojaapi.coreapi.webhook.ListarWebhooksQuery;
import br.com.lojaapi.coreapi.webhook.RemoverWebhookCommand;
import br.com.lojaapi.coreapi.webhook.WebhookView;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.erro.Erro;
import br.com.lojaapi.gateway.idempotencia.RecursoDaRequisicao;
import br.com.lojaapi.gateway.idempotencia.IdempotenciaFilter;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.gateway.web.ComEtag;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.PreCondicao;
import br.com.lojaapi.gateway.web.RespostaCondicional;
import br.com.lojaapi.query.comum.LeituraDaPropriaEscrita;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import java.util.Optional;
import okhttp3.HttpUrl;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

@RestController
@RequestMapping(path = "/v1/webhooks", produces = "application/json")
@Tag(name = "Webhooks")
class WebhookController {

    static final String NAO_ENCONTRADO = "Webhook não encontrado";
    /** Each webhook multiplies every event into deliveries that share the nodes' send threads with other stores. */
    static final int MAXIMO_POR_LOJA = 20;

    private final Comandos comandos;
    private final QueryGateway consultas;
    private final RespostaDeEscrita escrita;
    private final LeituraDaPropriaEscrita leitura;
    private final PoliticaDeRede rede;
    private final WebhookLookup destinos;
    private final FilaDeWebhooks fila;
    private final Clock relogio;

    WebhookController(Comandos comandos, QueryGateway consultas, RespostaDeEscrita escrita,
                      LeituraDaPropriaEscrita leitura, PoliticaDeRede rede, WebhookLookup destinos,
                      FilaDeWebhooks fila, Clock relogio) {
        this.fila = fila;
        this.comandos = comandos;
        this.consultas = consultas;
        this.escrita = escrita;
        this.leitura = leitura;
        this.rede = rede;
        this.destinos = destinos;
        this.relogio = relogio;
    }

    record Removido(String id, boolean removido) {
    }

    @GetMapping
    @Operation(operationId = "listarWebhooks",
            summary = "Lista os webhooks da loja", description = "Em ordem de criação; nunca mostra o secret.")
    @ApiResponse(responseCode = "200", description = "Os webhooks",
            content = @Content(array = @ArraySchema(schema = @Schema(implementation = WebhookJson.class))))
    ResponseEntity<List<WebhookJson>> listar(@Parameter(hidden = true) LojaAtual loja,
                                             @Parameter(hidden = true) RespostaCondicional condicional) {
        return condicional.recurso(new CarimboDeListaQuery(loja.lojaId(), CarimboDeListaQuery.Lista.WEBHOOKS, null),
                NAO_ENCONTRADO, () -> Optional.of(consultas.query(new ListarWebhooksQuery(loja.lojaId()),
                                ResponseTypes.multipleInstancesOf(WebhookView.class)).join()
                        .stream().map(WebhookJson::de).toList()));
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "criarWebhook",
            summary = "Cadastra um webhook",
            description = "O secret (whsec_ + 48 caracteres hexadecimais) assina as entregas e só aparece nesta "
                    + "resposta. O webhook recebe os eventos ocorridos depois da sua criação.")
    @ApiResponse(responseCode = "201", description = "Criado, com o secret",
            content = @Content(schema = @Schema(implementation = WebhookCriadoJson.class)))
    @ApiResponse(responseCode = "400", description = "Campo ausente ou inválido, evento desconhecido ou URL recusada",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "409", description = "A loja já tem 20 webhooks (extensão)",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Object> criar(@Parameter(hidden = true) LojaAtual loja, @Valid @RequestBody CorpoDeWebhook corpo,
                                 HttpServletRequest requisicao) {
        String nome = corpo.nome().trim();
        String url = validarUrl(corpo.url().trim());
        List<String> eventos = validarEventos(corpo.eventos());
        if (destinos.ativos(loja.lojaId()) >= MAXIMO_POR_LOJA) {
            throw ErroDeNegocio.conflito("A loja já tem " + MAXIMO_POR_LOJA + " webhooks, o máximo; remova um antes "
                    + "de cadastrar outro");
        }
        String id = Ids.novo();
        // A webhook has no GET of its own: the list shows it (without its secret, which only this response has).
        RecursoDaRequisicao.anunciar(id, "/v1/webhooks");
        String segredo = Assinaturas.novoSegredo();
        Instant agora = relogio.instant();
        long versao = comandos.enviar(new CriarWebhookCommand(id, loja.lojaId(), nome, url, eventos, segredo, agora),
                NAO_ENCONTRADO);
        // The secret exists only in this response, so it is answered even if the list lags (it will catch up).
        leitura.aguardarVersao(ModeloLeitura.WEBHOOK, loja.lojaId(), id, versao);
        // A copy kept for an Idempotency-Key retry is sealed under the webhook's data key, never kept in clear.
        requisicao.setAttribute(IdempotenciaFilter.SELAR_COM_O_WEBHOOK, id);
        return ResponseEntity.status(HttpStatus.CREATED)
                             .body(new WebhookCriadoJson(new WebhookJson(id, nome, url, eventos, true, null, agora,
                                     versao), segredo));
    }

    @GetMapping("/{id}")
    @Operation(operationId = "buscarWebhook", summary = "Um webhook, com a saúde do seu endpoint (extensão)",
            description = "O mesmo que a lista mostra, mais `saude`: falhas seguidas, último sucesso, estado do "
                    + "circuito e tentativas na fila, lidos agora de quem envia.")
    @ApiResponse(responseCode = "200", description = "O webhook",
            content = @Content(schema = @Schema(implementation = WebhookComSaudeJson.class)))
    @ApiResponse(responseCode = "404", description = "Não é um webhook ativo da loja",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<WebhookComSaudeJson> buscar(@Parameter(hidden = true) LojaAtual loja, @PathVariable String id,
                                               @Parameter(hidden = true) RespostaCondicional condicional) {
        Ids.exigir(id, NAO_ENCONTRADO);
        return condicional.recursoComEtag(NAO_ENCONTRADO, () -> consultas.query(
                        new BuscarWebhookQuery(loja.lojaId(), id, false),
                        ResponseTypes.optionalInstanceOf(WebhookView.class)).join()
                .map(webhook -> WebhookComSaudeJson.de(webhook, fila.saude(id, loja.lojaId())))
                .map(json -> new ComEtag<>(json, json.etag())));
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "removerWebhook",
            summary = "Remove um webhook", description = "Nenhuma entrega nova começa; as tentativas pendentes "
            + "terminam como falhas. O histórico de entregas continua em GET /webhooks/{id}/entregas.")
    @ApiResponse(responseCode = "200", description = "Removido",
            content = @Content(schema = @Schema(implementation = Removido.class)))
    @ApiResponse(responseCode = "404", description = "Não é um webhook da loja",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Object> remover(@Parameter(hidden = true) LojaAtual loja, @PathVariable String id,
                                   @Parameter(hidden = true) PreCondicao condicao) {
        Ids.exigir(id, NAO_ENCONTRADO);
        long versao = comandos.enviar(new RemoverWebhookCommand(id, loja.lojaId(), relogio.instant(),
                condicao.versaoEsperada()), NAO_ENCONTRADO);
        return escrita.removido(ModeloLeitura.WEBHOOK, loja.lojaId(), id, versao, new Removido(id, true));
    }

    private String validarUrl(String texto) {
        String minusculo = texto.toLowerCase(Locale.ROOT);
        if (!minusculo.startsWith("http://") && !minusculo.startsWith("https://")) {
            throw ErroDeNegocio.invalido("url: use uma URL absoluta http ou https");
        }
        HttpUrl url = HttpUrl.parse(texto);
        if (url == null || url.host().isEmpty()) {
            throw ErroDeNegocio.invalido("url: não é uma URL http ou https válida");
        }
        try {
            rede.exigirDestinoPermitido(url);
        } catch (EnderecoProibidoException e) {
            throw ErroDeNegocio.invalido("url: " + e.motivo().texto());
        } catch (UnknownHostException e) {
            // Every delivery would fail the same way: said now, while the integrator is looking.
            throw ErroDeNegocio.invalido("url: o nome " + url.host() + " não resolve no DNS, e nenhuma entrega "
                    + "chegaria a ele");
        }
        String normalizada = url.toString();
        if (normalizada.length() > 2000) {
            throw ErroDeNegocio.invalido("url: no máximo 2000 caracteres");
        }
        return normalizada;
    }

    private static List<String> validarEventos(List<String> eventos) {
        LinkedHashSet<String> unicos = new LinkedHashSet<>();
        for (String evento : eventos) {
            if (evento == null || EventoDeWebhook.assinavel(evento).isEmpty()) {
                throw ErroDeNegocio.invalido("eventos: '" + evento + "' não é um evento; os válidos são "
                        + String.join(", ", EventoDeWebhook.assinaveis()));
            }
            unicos.add(evento);
        }
        return List.copyOf(unicos);
    }
}
