package br.com.lojaapi.gateway.evento;

import br.com.lojaapi.command.entrega.EventoDeWebhook;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.evento.EventoDoFeed;
import br.com.lojaapi.coreapi.evento.EventosDoFeedQuery;
import br.com.lojaapi.coreapi.evento.PosicoesDoFeed;
import br.com.lojaapi.coreapi.evento.PosicoesDoFeedQuery;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.RawValue;
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
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

@RestController
@RequestMapping(path = "/v1/eventos", produces = "application/json")
@Tag(name = "Eventos")
class EventoController {

    static final int LIMITE_PADRAO = 100;
    static final int LIMITE_MAXIMO = 500;

    private final QueryGateway consultas;
    private final ObjectMapper json;

    EventoController(QueryGateway consultas, ObjectMapper json) {
        this.consultas = consultas;
        this.json = json;
    }

    /** A page of the feed; each event is the webhook body with {@code id} and {@code cursor} in front. */
    record Pagina(List<RawValue> eventos, String cursor, boolean temMais) {
    }

    /** What one event of the page looks like (documentation; the body is written from the stored webhook body). */
    @Schema(name = "EventoDoFeed")
    record EventoJson(@Schema(description = "Identificador do evento; o mesmo em toda leitura") String id,
                      @Schema(description = "Cursor logo depois deste evento") String cursor,
                      @Schema(description = "Tipo, como nos webhooks") String evento,
                      Instant criadoEm,
                      @Schema(description = "Os dados do webhook deste tipo, idênticos aos da entrega") Object dados) {
    }

    @Schema(name = "PaginaDeEventos")
    record PaginaJson(List<EventoJson> eventos,
                      @Schema(description = "Passe como apos para continuar; o mesmo quando não há eventos novos")
                      String cursor,
                      boolean temMais) {
    }

    @GetMapping
    @Operation(operationId = "listarEventos",
            summary = "Lê os eventos da loja em ordem de confirmação",
            description = """
                    Os eventos dos tipos que os webhooks entregam, com o mesmo envelope e os mesmos dados, \
                    em ordem de confirmação, a partir de um cursor: o caminho para recuperar o que um receptor \
                    perdeu e para reconstruir o estado. O cursor vale em todos os nós e depois de reinícios, e \
                    nenhum evento confirmado tarde fica antes dele. Aceita If-None-Match (304).""")
    @ApiResponse(responseCode = "200", description = "Uma página do feed",
            content = @Content(schema = @Schema(implementation = PaginaJson.class)))
    @ApiResponse(responseCode = "400", description = "apos, tipos ou limite inválido")
    ResponseEntity<Pagina> listar(LojaAtual loja,
                                  @Parameter(description = "Cursor de uma leitura anterior; padrão 0 (o início)")
                                  @RequestParam(required = false) Long apos,
                                  @Parameter(description = "Tipos separados por vírgula; padrão todos")
                                  @RequestParam(required = false) String tipos,
                                  @Parameter(description = "De 1 a 500; padrão 100")
                                  @RequestParam(required = false) Integer limite,
                                  WebRequest requisicao) {
        long desde = apos == null ? 0 : apos;
        if (desde < 0) {
            throw ErroDeNegocio.invalido("apos deve ser um cursor devolvido por GET /v1/eventos, ou 0");
        }
        int tamanho = limite == null ? LIMITE_PADRAO : limite;
        if (tamanho < 1 || tamanho > LIMITE_MAXIMO) {
            throw ErroDeNegocio.invalido("limite deve estar entre 1 e " + LIMITE_MAXIMO);
        }
        List<String> filtro = tipos(tipos);
        PosicoesDoFeed posicoes = consultas.query(new PosicoesDoFeedQuery(loja.lojaId(), desde, filtro, tamanho),
                PosicoesDoFeed.class).join();
        String etag = etag(desde, filtro, tamanho, posicoes);
        if (requisicao.checkNotModified(etag)) {
            return null;
        }
        List<RawValue> itens = consultas.query(new EventosDoFeedQuery(loja.lojaId(), posicoes.posicoes()),
                ResponseTypes.multipleInstancesOf(EventoDoFeed.class)).join().stream().map(this::item).toList();
        List<Long> lidas = posicoes.posicoes();
        String cursor = Long.toString(lidas.isEmpty() ? desde : lidas.get(lidas.size() - 1));
        return ResponseEntity.ok().eTag(etag).body(new Pagina(itens, cursor, posicoes.temMais()));
    }

    /** Absent: every kind. Present: a comma-separated list of webhook kinds (a repeated parameter too). */
    private static List<String> tipos(String tipos) {
        if (tipos == null) {
            return List.of();
        }
        Set<String> unicos = new LinkedHashSet<>();
        for (String tipo : tipos.split(",", -1)) {
            String nome = tipo.trim();
            if (EventoDeWebhook.assinavel(nome).isEmpty()) {
                throw ErroDeNegocio.invalido("tipos: '" + nome + "' não é um tipo de evento; os válidos são "
                        + String.join(", ", EventoDeWebhook.assinaveis()));
            }
            unicos.add(nome);
        }
        return List.copyOf(unicos);
    }

    /**
     * A strong ETag of the page the request gets: what it asked, and which events that is. Feed rows never change
     * once written, so the positions of a page determine its content.
     */
    static String etag(long apos, List<String> tipos, int limite, PosicoesDoFeed pagina) {
        String conteudo = apos + "|" + String.join(",", tipos) + "|" + limite + "|" + pagina.temMais() + "|"
                          + pagina.posicoes();
        try {
            byte[] resumo = MessageDigest.getInstance("SHA-256").digest(conteudo.getBytes(StandardCharsets.UTF_8));
            return "\"ev-" + HexFormat.of().formatHex(resumo, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The stored webhook body, byte for byte, with {@code id} and {@code cursor} written in front of its fields. */
    private RawValue item(EventoDoFeed linha) {
        try {
            String frente = json.writeValueAsString(new Frente(linha.id(), Long.toString(linha.posicao())));
            return new RawValue(frente.substring(0, frente.length() - 1) + "," + linha.corpo().substring(1));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private record Frente(String id, String cursor) {
    }
}
