package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.webhook.WebhookLookup;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.entrega.IniciarEntregaCommand;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaSubstituidaEvent;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalAtualizadaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalCanceladaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import br.com.lojaapi.coreapi.webhook.EventoDeWebhook;
import br.com.lojaapi.gateway.axon.ConfiguracaoDeProcessadores;
import br.com.lojaapi.gateway.leitura.LeituraDaPropriaEscrita;
import br.com.lojaapi.gateway.produto.ProdutoComoGet;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Starts a delivery for each webhook of the store subscribed to an event's kind. Never on a replay: a rebuilt or
 * reset processor sends nothing again, and a new processor starts with a replay token over the past. The delivery
 * id is derived from the event and the webhook, so an event handled twice (a claim stolen by another node) still
 * starts one delivery. The body is rendered once, here, and every attempt sends exactly it.
 */
@Component
@ProcessingGroup(DisparadorDeWebhooks.GRUPO)
@DisallowReplay
class DisparadorDeWebhooks {

    static final String GRUPO = ConfiguracaoDeProcessadores.GRUPO_DISPARO;
    private static final Logger log = LoggerFactory.getLogger(DisparadorDeWebhooks.class);

    private final WebhookLookup destinos;
    private final CommandGateway comandos;
    private final EventStore eventos;
    private final ObjectMapper json;
    private final ConfiguracaoDeEntregas configuracao;
    private final LeituraDaPropriaEscrita leitura;
    private final ProdutoComoGet produtos;
    private final Clock relogio;

    DisparadorDeWebhooks(WebhookLookup destinos, CommandGateway comandos, EventStore eventos, ObjectMapper json,
                         ConfiguracaoDeEntregas configuracao, LeituraDaPropriaEscrita leitura,
                         ProdutoComoGet produtos, Clock relogio) {
        this.destinos = destinos;
        this.comandos = comandos;
        this.eventos = eventos;
        this.json = json;
        this.configuracao = configuracao;
        this.leitura = leitura;
        this.produtos = produtos;
        this.relogio = relogio;
    }

    @EventHandler
    void on(PedidoCriadoEvent e, EventMessage<?> m) {
        disparar(e.lojaId(), EventoDeWebhook.PEDIDO_CRIADO, m, () -> DadosDeEvento.de(e));
    }

    @EventHandler
    void on(StatusDoPedidoAlteradoEvent e, EventMessage<?> m) {
        disparar(e.lojaId(), EventoDeWebhook.PEDIDO_STATUS, m, () -> DadosDeEvento.de(e));
    }

    @EventHandler
    void on(PedidoCanceladoEvent e, EventMessage<?> m) {
        disparar(e.lojaId(), EventoDeWebhook.PEDIDO_CANCELADO, m, () -> DadosDeEvento.de(e));
    }

    @EventHandler
    void on(PedidoPagoEvent e, EventMessage<?> m) {
        disparar(e.lojaId(), EventoDeWebhook.PEDIDO_PAGO, m, () -> DadosDeEvento.de(e));
    }

    @EventHandler
    void on(PedidoEditadoEvent e, EventMessage<?> m) {
        disparar(e.lojaId(), EventoDeWebhook.PEDIDO_EDITADO, m, () -> DadosDeEvento.de(e));
    }

    @EventHandler
    void on(ClienteCriadoEvent e, EventMessage<?> m, @SequenceNumber long versao) {
        disparar(e.lojaId(), EventoDeWebhook.CLIENTE_CRIADO, m, () -> DadosDeEvento.de(e, versao));
    }

    /**
     * "The Produto as GET /produtos/{id} returns it": read from the read model once it shows this change (or a
     * later one). A product removed meanwhile has nothing left to show; its {@code produto.removido} follows.
     */
    @EventHandler
    void on(ProdutoAtualizadoEvent e, EventMessage<?> m, @SequenceNumber long versao) {
        disparar(e.lojaId(), EventoDeWebhook.PRODUTO_ATUALIZADO, m, () -> {
            leitura.aguardarVersao(ModeloLeitura.PRODUTO, e.lojaId(), e.produtoId(), versao);
            return produtos.ler(e.lojaId(), e.produtoId()).orElse(null);
        });
    }

    @EventHandler
    void on(ProdutoRemovidoEvent e, EventMessage<?> m) {
        disparar(e.lojaId(), EventoDeWebhook.PRODUTO_REMOVIDO, m, () -> DadosDeEvento.de(e));
    }

    @EventHandler
    void on(EstoqueBaixoEvent e, EventMessage<?> m) {
        disparar(e.lojaId(), EventoDeWebhook.PRODUTO_ESTOQUE_BAIXO, m, () -> DadosDeEvento.de(e));
    }

    @EventHandler
    void on(NotaFiscalRegistradaEvent e, EventMessage<?> m, @SequenceNumber long versao) {
        notaFiscal("criada", e.nota(), versao, m);
    }

    @EventHandler
    void on(NotaFiscalAtualizadaEvent e, EventMessage<?> m, @SequenceNumber long versao) {
        notaFiscal("atualizada", e.nota(), versao, m);
    }

    @EventHandler
    void on(NotaFiscalCanceladaEvent e, EventMessage<?> m, @SequenceNumber long versao) {
        notaFiscal("cancelada", e.nota(), versao, m);
    }

    @EventHandler
    void on(NotaFiscalRemovidaEvent e, EventMessage<?> m, @SequenceNumber long versao) {
        notaFiscal("removida", e.nota(), versao, m);
    }

    @EventHandler
    void on(EtiquetaRegistradaEvent e, EventMessage<?> m, @SequenceNumber long versao) {
        etiqueta("criada", e.etiqueta(), versao, m);
    }

    @EventHandler
    void on(EtiquetaSubstituidaEvent e, EventMessage<?> m, @SequenceNumber long versao) {
        etiqueta("atualizada", e.etiqueta(), versao, m);
    }

    @EventHandler
    void on(EtiquetaRemovidaEvent e, EventMessage<?> m, @SequenceNumber long versao) {
        etiqueta("removida", e.etiqueta(), versao, m);
    }

    private void etiqueta(String acao, EstadoDaEtiqueta etiqueta, long versao, EventMessage<?> m) {
        disparar(etiqueta.lojaId(), EventoDeWebhook.PEDIDO_ETIQUETA, m,
                () -> DadosDeEvento.de(acao, etiqueta, versao));
    }

    /** Every invoice event carries the whole invoice: the payload is exactly what it was at that event. */
    private void notaFiscal(String acao, EstadoDaNota nota, long versao, EventMessage<?> m) {
        disparar(nota.lojaId(), EventoDeWebhook.PEDIDO_NOTA_FISCAL, m, () -> DadosDeEvento.de(acao, nota, versao));
    }

    private void disparar(String lojaId, EventoDeWebhook tipo, EventMessage<?> mensagem, Supplier<Object> dados) {
        List<String> webhooks = destinos.inscritos(lojaId, tipo.nome(), mensagem.getTimestamp());
        if (webhooks.isEmpty()) {
            return;
        }
        Optional<String> corpo = Optional.ofNullable(dados.get()).map(d -> envelope(tipo, mensagem.getTimestamp(), d));
        if (corpo.isEmpty()) {
            log.info("{} de {} não entregue: o recurso já não existe", tipo.nome(), mensagem.getIdentifier());
            return;
        }
        for (String webhookId : webhooks) {
            String entregaId = UUID.nameUUIDFromBytes((mensagem.getIdentifier() + "/" + webhookId)
                    .getBytes(StandardCharsets.UTF_8)).toString();
            // Checked rather than caught: a failed insert would abort this processor's whole transaction.
            if (eventos.lastSequenceNumberFor(entregaId).isEmpty()) {
                comandos.sendAndWait(new IniciarEntregaCommand(entregaId, lojaId, webhookId, tipo.nome(),
                        corpo.get(), configuracao.atrasosMs(), relogio.instant()));
            }
        }
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
