package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.produto.ProdutoComoGet;
import br.com.lojaapi.query.comum.LeituraDaPropriaEscrita;
import br.com.lojaapi.query.evento.EventoRenderizado;
import br.com.lojaapi.query.evento.RenderizacaoDeEventos;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The body a webhook carries for an event: {@code {"evento", "criadoEm", "dados"}}, for the kinds and with the
 * {@code dados} that the catalogue ({@link EventoDeWebhook}) gives. The webhook dispatcher and the event feed
 * (GET /v1/eventos, written by query-side's feed projection) both render through here, so the feed holds exactly
 * the bytes a delivery of the same event sends.
 */
@Component
public class RenderizadorDeEventos implements RenderizacaoDeEventos {

    private final ObjectMapper json;
    private final LeituraDaPropriaEscrita leitura;
    private final ProdutoComoGet produtos;

    RenderizadorDeEventos(ObjectMapper json, LeituraDaPropriaEscrita leitura, ProdutoComoGet produtos) {
        this.json = json;
        this.leitura = leitura;
        this.produtos = produtos;
    }

    @Override
    public Optional<EventoRenderizado> de(EventMessage<?> mensagem) {
        Class<?> classe = mensagem.getPayloadType();
        return EventoDeWebhook.doEvento(classe).flatMap(tipo -> renderizar(tipo, tipo.origem(classe), mensagem));
    }

    /** The body of a test delivery to that webhook ({@code webhook.teste}), sent at {@code enviadoEm}. */
    public String teste(String webhookId, Instant enviadoEm) {
        return envelope(EventoDeWebhook.WEBHOOK_TESTE, enviadoEm, new DadosDeEvento.WebhookTeste(webhookId, enviadoEm));
    }

    /** Read once the read model shows this change (or a later one); a product removed meanwhile shows nothing. */
    private Object produto(String lojaId, String produtoId, long versao) {
        leitura.aguardarVersao(ModeloLeitura.PRODUTO, lojaId, produtoId, versao);
        return produtos.ler(lojaId, produtoId).orElse(null);
    }

    /** Only events of an aggregate have a version, so a versioned origin renders nothing else. */
    private <E> Optional<EventoRenderizado> renderizar(EventoDeWebhook tipo, Origem<E> origem,
                                                       EventMessage<?> mensagem) {
        Long versao = mensagem instanceof DomainEventMessage<?> doAgregado ? doAgregado.getSequenceNumber() : null;
        if (origem.versionada() && versao == null) {
            return Optional.empty();
        }
        E evento = origem.classe().cast(mensagem.getPayload());
        Instant criadoEm = mensagem.getTimestamp();
        long naVersao = versao == null ? -1 : versao;
        return Optional.of(new EventoRenderizado(mensagem.getIdentifier(), origem.loja().apply(evento), tipo.nome(),
                criadoEm, () -> Optional.ofNullable(origem.dados().de(evento, naVersao, this::produto))
                                        .map(dados -> envelope(tipo, criadoEm, dados))));
    }

    private String envelope(EventoDeWebhook tipo, Instant criadoEm, Object dados) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("evento", tipo.nome());
        envelope.put("criadoEm", criadoEm);
        envelope.put("dados", dados);
        try {
            return json.writeValueAsString(envelope);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("payload de " + tipo.nome() + " não serializável", e);
        }
    }
}
