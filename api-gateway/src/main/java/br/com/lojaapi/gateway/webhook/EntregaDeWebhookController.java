package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.EventoDeWebhook;
import br.com.lojaapi.command.entrega.RenderizadorDeEventos;
import br.com.lojaapi.command.entrega.TestadorDeWebhooks;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.erro.Erro;
import br.com.lojaapi.gateway.idempotencia.RecursoDaRequisicao;
import br.com.lojaapi.gateway.web.Paginacao;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;

/**
 * The store's own view of a webhook's deliveries: its log, a redelivery, the recovery of every failed delivery
 * since a moment, and a test delivery. Another store's webhook or delivery is a 404, as if it did not exist.
 */
@RestController
@RequestMapping(path = "/v1/webhooks/{id}", produces = "application/json")
@Tag(name = "Webhooks")
class EntregaDeWebhookController {

    private final LogDeEntregas log;
    private final RecuperacaoDeEntregas recuperacao;
    private final TestadorDeWebhooks testador;
    private final RenderizadorDeEventos renderizador;
    private final Clock relogio;

    EntregaDeWebhookController(LogDeEntregas log, RecuperacaoDeEntregas recuperacao, TestadorDeWebhooks testador,
                               RenderizadorDeEventos renderizador, Clock relogio) {
        this.log = log;
        this.recuperacao = recuperacao;
        this.testador = testador;
        this.renderizador = renderizador;
        this.relogio = relogio;
    }

    @GetMapping("/entregas")
    @Operation(operationId = "listarEntregasDoWebhook",
            summary = "Log de entregas de um webhook",
            description = "Cada tentativa terminada, da mais recente para a mais antiga, com o corpo enviado e o "
                    + "que o receptor respondeu; também de um webhook removido. Uma tentativa aparece quando termina "
                    + "(a que ainda espera ou está em curso, não).")
    @ApiResponse(responseCode = "200", description = "Uma página do log",
            content = @Content(schema = @Schema(implementation = ListaDeEntregasJson.class)))
    @ApiResponse(responseCode = "400", description = "page, limite, sucesso ou evento inválido",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "404", description = "Não é um webhook da loja",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<ListaDeEntregasJson> listar(
            @Parameter(hidden = true) LojaAtual loja, @PathVariable String id,
            @Parameter(description = "Página, a partir de 1") @RequestParam(required = false) Integer page,
            @Parameter(description = "De 1 a 100; padrão 50") @RequestParam(required = false) Integer limite,
            @Parameter(description = "Só as tentativas bem-sucedidas (true) ou só as que falharam (false)")
            @RequestParam(required = false) Boolean sucesso,
            @Parameter(description = "Só as entregas deste tipo de evento (webhook.teste inclusive)")
            @RequestParam(required = false) String evento,
            @Parameter(hidden = true) WebRequest requisicao) {
        ListaDeEntregasJson lista = log.listar(loja.lojaId(), id, Paginacao.pedida(page, limite), sucesso, evento);
        String etag = etag(sucesso, evento, lista);
        if (requisicao.checkNotModified(etag)) {
            return null;
        }
        return ResponseEntity.ok().eTag(etag).body(lista);
    }

    @PostMapping("/entregas/{entregaId}/reenviar")
    @Operation(operationId = "reenviarEntregaDoWebhook",
            summary = "Reenvia uma entrega",
            description = "Uma nova série de tentativas de uma entrega terminada (entregue ou falha): o mesmo corpo, "
                    + "o mesmo id de entrega (X-Service-Entrega, webhook-id), tentativas numeradas de 1 de novo, "
                    + "assinadas no envio. Um receptor que descarta ids já processados descarta também o reenvio.")
    @ApiResponse(responseCode = "202", description = "Nova série agendada",
            content = @Content(schema = @Schema(implementation = ReenvioDeEntregaJson.class)))
    @ApiResponse(responseCode = "404", description = "Não é um webhook da loja, ou não é uma entrega dele",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "409", description = "A entrega ainda está em andamento, é uma entrega de teste, "
            + "ou o webhook foi removido", content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<ReenvioDeEntregaJson> reenviar(@Parameter(hidden = true) LojaAtual loja,
                                                  @PathVariable String id, @PathVariable String entregaId) {
        RecursoDaRequisicao.anunciar(entregaId, entregas(id));
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(log.reenviar(loja.lojaId(), id, entregaId));
    }

    @PostMapping(path = "/recuperar", consumes = "application/json")
    @Operation(operationId = "recuperarEntregasDoWebhook",
            summary = "Recupera as entregas que falharam",
            description = "Cada entrega do webhook cuja série terminou em falha com a última tentativa a partir de "
                    + "desde ganha uma nova série, como no reenvio: mesmo corpo, mesmo id de entrega, assinada no "
                    + "envio. Entregas ainda em andamento seguem a série que têm; entregas de teste não são "
                    + "recuperadas. Uma recuperação por webhook de cada vez: ela dura até cada entrega dela terminar a "
                    + "nova série; até lá, outra é 409.")
    @ApiResponse(responseCode = "202", description = "Recuperação iniciada (ou nada a recuperar: entregas 0)",
            content = @Content(schema = @Schema(implementation = RecuperacaoJson.class)))
    @ApiResponse(responseCode = "400", description = "desde ausente, malformado, no futuro ou há mais de 30 dias",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "404", description = "Não é um webhook da loja",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "409", description = "Outra recuperação deste webhook está em andamento, ou o webhook "
            + "foi removido", content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<RecuperacaoJson> recuperar(@Parameter(hidden = true) LojaAtual loja, @PathVariable String id,
                                              @RequestBody PedidoDeRecuperacao corpo) {
        recuperacao.exigirAtivo(loja.lojaId(), id);
        RecursoDaRequisicao.anunciar(id, entregas(id));
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(recuperacao.recuperar(loja.lojaId(), id, corpo));
    }

    @PostMapping("/teste")
    @Operation(operationId = "testarWebhook",
            summary = "Envia uma entrega de teste",
            description = "Uma entrega do tipo webhook.teste, com dados {webhookId, enviadoEm}, à url do webhook, "
                    + "assine ele esse tipo ou não: mesmos cabeçalhos, assinaturas, política de endereços e prazo "
                    + "(WEBHOOK_TIMEOUT) das entregas reais. Responde quando a tentativa termina, com o resultado; "
                    + "falhe ou não, ela não se repete, e fica no log de entregas.")
    @ApiResponse(responseCode = "200", description = "A tentativa terminou: sucesso diz se o receptor respondeu 2xx "
            + "no prazo", content = @Content(schema = @Schema(implementation = ResultadoDoTesteJson.class)))
    @ApiResponse(responseCode = "404", description = "Não é um webhook da loja",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "409", description = "O webhook foi removido",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResultadoDoTesteJson testar(@Parameter(hidden = true) LojaAtual loja, @PathVariable String id) {
        log.ativo(loja.lojaId(), id);
        // The test delivery's id is the command side's: the target of the command that records it.
        RecursoDaRequisicao.anunciarAlvoDoComando(entrega -> entregas(id));
        Instant agora = relogio.instant();
        String evento = EventoDeWebhook.WEBHOOK_TESTE.nome();
        return ResultadoDoTesteJson.de(evento, testador.testar(loja.lojaId(), id, evento,
                renderizador.teste(id, agora), agora));
    }

    /** Where what these actions do shows: the webhook's delivery log (a delivery has no GET of its own). */
    private static String entregas(String webhookId) {
        return "/v1/webhooks/" + webhookId + "/entregas";
    }

    /** Logged attempts never change, so which rows a page holds (and its total) determine its body. */
    private static String etag(Boolean sucesso, String evento, ListaDeEntregasJson lista) {
        StringBuilder conteudo = new StringBuilder().append(sucesso).append('|').append(evento).append('|')
                                                    .append(lista.paginacao());
        lista.entregas().forEach(t -> conteudo.append('|').append(t.id()).append('/').append(t.serie()).append('/')
                                               .append(t.tentativa()));
        try {
            byte[] resumo = MessageDigest.getInstance("SHA-256")
                                         .digest(conteudo.toString().getBytes(StandardCharsets.UTF_8));
            return "\"en-" + HexFormat.of().formatHex(resumo, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
