package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
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
import br.com.lojaapi.gateway.produto.ProdutoComoGet;
import br.com.lojaapi.query.comum.LeituraDaPropriaEscrita;
import br.com.lojaapi.query.evento.EventoRenderizado;
import br.com.lojaapi.query.evento.RenderizacaoDeEventos;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.DomainEventMessage;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * Which events a webhook can carry, and the body it carries for each: {@code {"evento", "criadoEm", "dados"}}.
 * The webhook dispatcher and the event feed (GET /v1/eventos, written by query-side's feed projection) both render
 * through here, so the feed holds exactly the bytes a delivery of the same event sends. {@code dados} are the web
 * types of {@link DadosDeEvento} and the resources' GET bodies, whose schemas the description publishes.
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
        Object p = mensagem.getPayload();
        if (p instanceof PedidoCriadoEvent e) {
            return evento(mensagem, e.lojaId(), EventoDeWebhook.PEDIDO_CRIADO, () -> DadosDeEvento.de(e));
        }
        if (p instanceof StatusDoPedidoAlteradoEvent e) {
            return evento(mensagem, e.lojaId(), EventoDeWebhook.PEDIDO_STATUS, () -> DadosDeEvento.de(e));
        }
        if (p instanceof PedidoCanceladoEvent e) {
            return evento(mensagem, e.lojaId(), EventoDeWebhook.PEDIDO_CANCELADO, () -> DadosDeEvento.de(e));
        }
        if (p instanceof PedidoPagoEvent e) {
            return evento(mensagem, e.lojaId(), EventoDeWebhook.PEDIDO_PAGO, () -> DadosDeEvento.de(e));
        }
        if (p instanceof PedidoEditadoEvent e) {
            return evento(mensagem, e.lojaId(), EventoDeWebhook.PEDIDO_EDITADO, () -> DadosDeEvento.de(e));
        }
        if (p instanceof ProdutoRemovidoEvent e) {
            return evento(mensagem, e.lojaId(), EventoDeWebhook.PRODUTO_REMOVIDO, () -> DadosDeEvento.de(e));
        }
        if (p instanceof EstoqueBaixoEvent e) {
            return evento(mensagem, e.lojaId(), EventoDeWebhook.PRODUTO_ESTOQUE_BAIXO, () -> DadosDeEvento.de(e));
        }
        if (p instanceof ClienteCriadoEvent e) {
            return versionado(mensagem, e.lojaId(), EventoDeWebhook.CLIENTE_CRIADO, v -> DadosDeEvento.de(e, v));
        }
        if (p instanceof ProdutoAtualizadoEvent e) {
            return versionado(mensagem, e.lojaId(), EventoDeWebhook.PRODUTO_ATUALIZADO, v -> produto(e, v));
        }
        if (p instanceof NotaFiscalRegistradaEvent e) {
            return notaFiscal(mensagem, "criada", e.nota());
        }
        if (p instanceof NotaFiscalAtualizadaEvent e) {
            return notaFiscal(mensagem, "atualizada", e.nota());
        }
        if (p instanceof NotaFiscalCanceladaEvent e) {
            return notaFiscal(mensagem, "cancelada", e.nota());
        }
        if (p instanceof NotaFiscalRemovidaEvent e) {
            return notaFiscal(mensagem, "removida", e.nota());
        }
        if (p instanceof EtiquetaRegistradaEvent e) {
            return etiqueta(mensagem, "criada", e.etiqueta());
        }
        if (p instanceof EtiquetaSubstituidaEvent e) {
            return etiqueta(mensagem, "atualizada", e.etiqueta());
        }
        if (p instanceof EtiquetaRemovidaEvent e) {
            return etiqueta(mensagem, "removida", e.etiqueta());
        }
        return Optional.empty();
    }

    /**
     * "The Produto as GET /produtos/{id} returns it": read from the read model once it shows this change (or a
     * later one). A product removed meanwhile has nothing left to show; its {@code produto.removido} follows.
     */
    private Object produto(ProdutoAtualizadoEvent e, long versao) {
        leitura.aguardarVersao(ModeloLeitura.PRODUTO, e.lojaId(), e.produtoId(), versao);
        return produtos.ler(e.lojaId(), e.produtoId()).orElse(null);
    }

    /** Every invoice event carries the whole invoice: the payload is exactly what it was at that event. */
    private Optional<EventoRenderizado> notaFiscal(EventMessage<?> mensagem, String acao, EstadoDaNota nota) {
        return versionado(mensagem, nota.lojaId(), EventoDeWebhook.PEDIDO_NOTA_FISCAL,
                v -> DadosDeEvento.de(acao, nota, v));
    }

    private Optional<EventoRenderizado> etiqueta(EventMessage<?> mensagem, String acao, EstadoDaEtiqueta etiqueta) {
        return versionado(mensagem, etiqueta.lojaId(), EventoDeWebhook.PEDIDO_ETIQUETA,
                v -> DadosDeEvento.de(acao, etiqueta, v));
    }

    /** Kinds whose {@code dados} carry the aggregate's version: only events of an aggregate have one. */
    private Optional<EventoRenderizado> versionado(EventMessage<?> mensagem, String lojaId, EventoDeWebhook tipo,
                                        LongFunction<Object> dados) {
        if (!(mensagem instanceof DomainEventMessage<?> doAgregado)) {
            return Optional.empty();
        }
        return evento(mensagem, lojaId, tipo, () -> dados.apply(doAgregado.getSequenceNumber()));
    }

    private Optional<EventoRenderizado> evento(EventMessage<?> mensagem, String lojaId, EventoDeWebhook tipo,
                                    Supplier<Object> dados) {
        Instant criadoEm = mensagem.getTimestamp();
        return Optional.of(new EventoRenderizado(mensagem.getIdentifier(), lojaId, tipo, criadoEm,
                () -> Optional.ofNullable(dados.get()).map(d -> envelope(tipo, criadoEm, d))));
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
