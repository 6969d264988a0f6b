package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.acesso.PortaisDeWebhooks;
import br.com.lojaapi.gateway.erro.Erro;
import br.com.lojaapi.gateway.idempotencia.IdempotenciaFilter;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.time.Instant;

/**
 * A store's webhook delivery portal (decision 077): a short-lived link to a page that shows the store's webhooks and
 * deliveries and acts on them through the API's own webhook routes, with the link's secret as the credential.
 */
@RestController
@RequestMapping(path = "/v1/webhooks/portal", produces = "application/json")
@Tag(name = "Webhooks")
class PortalDeEntregasController {

    /** Where the portal's page is, relative to the service's public address; the secret follows in the fragment. */
    static final String PAGINA = "/portal/webhooks";

    private final PortaisDeWebhooks portais;
    private final QueryGateway consultas;
    private final Clock relogio;
    private final String urlPublica;

    PortalDeEntregasController(PortaisDeWebhooks portais, QueryGateway consultas, Clock relogio,
                               @Value("${loja.url-publica:http://localhost:8080}") String urlPublica) {
        this.portais = portais;
        this.consultas = consultas;
        this.relogio = relogio;
        this.urlPublica = urlPublica.endsWith("/") ? urlPublica.substring(0, urlPublica.length() - 1) : urlPublica;
    }

    @Schema(description = "Um link do portal de entregas")
    record PortalJson(
            @Schema(description = "O endereço da página, com o segredo do link depois do #: quem o tem vê e reenvia "
                    + "as entregas da loja até expiraEm", requiredMode = Schema.RequiredMode.REQUIRED)
            String url,
            @Schema(description = "Quando o link deixa de valer", requiredMode = Schema.RequiredMode.REQUIRED)
            Instant expiraEm) {
    }

    @Schema(description = "A sessão de um link do portal")
    record SessaoDoPortalJson(
            @Schema(description = "O nome da loja", requiredMode = Schema.RequiredMode.REQUIRED) String nomeDaLoja,
            @Schema(description = "Quando o link deixa de valer", requiredMode = Schema.RequiredMode.REQUIRED)
            Instant expiraEm) {
    }

    @PostMapping
    @Operation(operationId = "criarLinkDoPortalDeWebhooks",
            summary = "Cria um link do portal de entregas (extensão)",
            description = """
                    Um link de curta duração (WEBHOOK_PORTAL_LINK_TTL, 15 minutos por padrão) para uma página em que \
                    quem o recebe vê os webhooks da loja, a saúde de cada endpoint e as entregas (corpo, resposta, \
                    tentativas), e envia uma entrega de teste, reenvia uma entrega ou recupera as que falharam: as \
                    mesmas operações e regras desta API, cobradas na cota do token que criou o link. O segredo do \
                    link vai no fragmento (#), que o navegador não envia a servidor nenhum. O link não cadastra nem \
                    remove webhooks nem chega a outras rotas, e deixa de valer quando expira ou quando o token que o \
                    criou é revogado. Só um token da loja cria links; cada chamada cria um novo (uma Idempotency-Key \
                    não guarda a resposta, que tem o segredo).""")
    @ApiResponse(responseCode = "201", description = "O link",
            content = @Content(schema = @Schema(implementation = PortalJson.class)))
    ResponseEntity<PortalJson> criar(@Parameter(hidden = true) LojaAtual loja, HttpServletRequest requisicao) {
        requisicao.setAttribute(IdempotenciaFilter.NAO_GUARDAR, Boolean.TRUE);
        PortaisDeWebhooks.Novo novo = portais.criar(loja, relogio.instant());
        return ResponseEntity.status(HttpStatus.CREATED)
                             .body(new PortalJson(urlPublica + PAGINA + "#" + novo.segredo(), novo.expiraEm()));
    }

    @GetMapping
    @Operation(operationId = "sessaoDoPortalDeWebhooks",
            summary = "A sessão de um link do portal de entregas (extensão)",
            description = "Com o segredo de um link do portal como token Bearer: o nome da loja e quando o link "
                    + "expira, para a página do portal. Com um token da loja, 404.")
    @ApiResponse(responseCode = "200", description = "A sessão",
            content = @Content(schema = @Schema(implementation = SessaoDoPortalJson.class)))
    @ApiResponse(responseCode = "404", description = "A credencial não é um link do portal",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    SessaoDoPortalJson sessao(@Parameter(hidden = true) LojaAtual loja, HttpServletRequest requisicao) {
        if (!(requisicao.getAttribute(PortaisDeWebhooks.Sessao.ATRIBUTO) instanceof PortaisDeWebhooks.Sessao sessao)) {
            throw ErroDeNegocio.naoEncontrado("Só um link do portal tem sessão: crie um com POST /v1/webhooks/portal");
        }
        String nome = consultas.query(new BuscarLojaQuery(loja.lojaId()), ResponseTypes.optionalInstanceOf(
                LojaView.class)).join().map(l -> l.dados().nome()).orElse("");
        return new SessaoDoPortalJson(nome, sessao.expiraEm());
    }
}
