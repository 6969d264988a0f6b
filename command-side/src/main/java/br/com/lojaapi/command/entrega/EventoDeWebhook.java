package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
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

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The catalogue of webhook kinds, one entry per kind with all the application knows of it: its name on the wire
 * (the contract's, never to change), the Java type of its {@code dados} (the description publishes its schema), what
 * it means (the description's summary), and the events it is rendered from ({@link Origem}). The renderer
 * ({@link RenderizadorDeEventos}, for deliveries and the feed alike) dispatches through it, the description
 * ({@link DescricaoDosWebhooks}) iterates it, and subscriptions and feed filters accept exactly its names.
 * <p>
 * Adding a kind is one entry here (plus its record in {@link DadosDeEvento}). The constructor leaves no part out;
 * {@code EventoDeWebhookTest} checks that every event of the message API is the origin of one kind or, on purpose,
 * of none. The order of the entries is the order the description lists them in.
 * <p>
 * A kind with no origin is sent only on request ({@code webhook.teste}): no event of the store renders to it, so it
 * is neither subscribable ({@link #assinaveis()}) nor in the event feed, and it reaches the webhook asked for
 * whatever that webhook subscribed to.
 */
public enum EventoDeWebhook {
    PEDIDO_CRIADO("pedido.criado", DadosDeEvento.PedidoCriado.class, "Pedido novo recebido (POST /pedidos)",
            Origem.de(PedidoCriadoEvent.class, PedidoCriadoEvent::lojaId, DadosDeEvento::de)),
    PEDIDO_STATUS("pedido.status", DadosDeEvento.StatusDoPedido.class,
            "Status do pedido alterado (todo PATCH /pedidos/{id} que muda o status)",
            Origem.de(StatusDoPedidoAlteradoEvent.class, StatusDoPedidoAlteradoEvent::lojaId, DadosDeEvento::de)),
    PEDIDO_PAGO("pedido.pago", DadosDeEvento.PedidoPago.class, "Pagamento do pedido confirmado",
            Origem.de(PedidoPagoEvent.class, PedidoPagoEvent::lojaId, DadosDeEvento::de)),
    PEDIDO_CANCELADO("pedido.cancelado", DadosDeEvento.StatusDoPedido.class,
            "Pedido cancelado (status CANCELADO; chega junto com pedido.status)",
            Origem.de(PedidoCanceladoEvent.class, PedidoCanceladoEvent::lojaId, DadosDeEvento::de)),
    /** Every invoice event carries the whole invoice: the payload is exactly what it was at that event. */
    PEDIDO_NOTA_FISCAL("pedido.nota_fiscal", DadosDeEvento.NotaFiscalDoPedido.class,
            "Nota fiscal criada, atualizada, cancelada ou removida (acao), pela API ou pelo painel",
            nota(NotaFiscalRegistradaEvent.class, "criada", NotaFiscalRegistradaEvent::nota),
            nota(NotaFiscalAtualizadaEvent.class, "atualizada", NotaFiscalAtualizadaEvent::nota),
            nota(NotaFiscalCanceladaEvent.class, "cancelada", NotaFiscalCanceladaEvent::nota),
            nota(NotaFiscalRemovidaEvent.class, "removida", NotaFiscalRemovidaEvent::nota)),
    PEDIDO_ETIQUETA("pedido.etiqueta", DadosDeEvento.EtiquetaNoPedido.class,
            "Etiqueta de transporte criada, substituída ou removida (acao), pela API ou pelo painel",
            etiqueta(EtiquetaRegistradaEvent.class, "criada", EtiquetaRegistradaEvent::etiqueta),
            etiqueta(EtiquetaSubstituidaEvent.class, "atualizada", EtiquetaSubstituidaEvent::etiqueta),
            etiqueta(EtiquetaRemovidaEvent.class, "removida", EtiquetaRemovidaEvent::etiqueta)),
    PEDIDO_EDITADO("pedido.editado", DadosDeEvento.PedidoEditado.class,
            "A loja alterou itens, quantidades, preços, desconto ou frete no painel; o pedido completo está em "
                    + "GET /pedidos/{id}",
            Origem.comRecursos(PedidoEditadoEvent.class, PedidoEditadoEvent::lojaId, DadosDeEvento::de)),
    CLIENTE_CRIADO("cliente.criado", RecursosComoGet.Cliente.class,
            "Cliente novo cadastrado; dados é o cliente como GET /clientes/{id} o mostrou ao ser criado",
            Origem.versionada(ClienteCriadoEvent.class, ClienteCriadoEvent::lojaId, DadosDeEvento::de)),
    /**
     * "The Produto as GET /produtos/{id} returns it": read from the read model once it shows this change (or a
     * later one). A product removed meanwhile has nothing left to show; its {@code produto.removido} follows.
     */
    PRODUTO_ATUALIZADO("produto.atualizado", RecursosComoGet.Produto.class,
            "Produto alterado (PUT /produtos/{id} ou upsert de um existente); dados é o produto como "
                    + "GET /produtos/{id} o devolve",
            Origem.versionada(ProdutoAtualizadoEvent.class, ProdutoAtualizadoEvent::lojaId,
                    (e, versao, recursos) -> recursos.produto(e.lojaId(), e.produtoId(), versao))),
    PRODUTO_REMOVIDO("produto.removido", DadosDeEvento.ProdutoRemovido.class, "Produto removido",
            Origem.de(ProdutoRemovidoEvent.class, ProdutoRemovidoEvent::lojaId, DadosDeEvento::de)),
    PRODUTO_ESTOQUE_BAIXO("produto.estoque_baixo", DadosDeEvento.EstoqueBaixo.class,
            "Produto (ou variação) chegou ao estoque mínimo",
            Origem.de(EstoqueBaixoEvent.class, EstoqueBaixoEvent::lojaId, DadosDeEvento::de)),
    /** Rendered by {@link RenderizadorDeEventos#teste}, on request only. */
    WEBHOOK_TESTE("webhook.teste", DadosDeEvento.WebhookTeste.class,
            "Entrega de teste pedida em POST /webhooks/{id}/teste; vai só ao webhook indicado, assinante ou não, e "
                    + "nunca é causada por um evento da loja nem repetida");

    /** Built once the entries exist: an event class claimed twice fails here, on the catalogue's first use. */
    private static final Map<Class<?>, EventoDeWebhook> POR_EVENTO = Arrays.stream(values())
            .flatMap(tipo -> tipo.origens.stream().map(origem -> Map.entry(origem.classe(), tipo)))
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));

    private final String nome;
    private final Class<?> dados;
    private final String resumo;
    private final List<Origem<?>> origens;

    EventoDeWebhook(String nome, Class<?> dados, String resumo, Origem<?>... origens) {
        this.nome = Objects.requireNonNull(nome, "nome");
        this.dados = Objects.requireNonNull(dados, "dados");
        this.resumo = Objects.requireNonNull(resumo, "resumo");
        this.origens = List.of(origens);
    }

    public String nome() {
        return nome;
    }

    /**
     * The Java type the renderer serialises as {@code dados}; a resource's representation
     * ({@link RecursosComoGet}) stands for the web type that shows it.
     */
    public Class<?> dados() {
        return dados;
    }

    /** What the event means, as the description summarises it. */
    public String resumo() {
        return resumo;
    }

    /** The event classes this kind is rendered from, and how; none for a kind sent only on request. */
    List<Origem<?>> origens() {
        return origens;
    }

    /** The event classes this kind is rendered from; none for a kind sent only on request. */
    public List<Class<?>> eventos() {
        return origens.stream().<Class<?>>map(Origem::classe).toList();
    }

    /** Whether events of the store are delivered as this kind: a webhook may subscribe to it, the feed has it. */
    public boolean assinavel() {
        return !origens.isEmpty();
    }

    /** How this kind renders an event of one of its classes. */
    Origem<?> origem(Class<?> classeDoEvento) {
        return origens.stream().filter(o -> o.classe().equals(classeDoEvento)).findFirst().orElseThrow();
    }

    /** The kind that carries events of this class; empty when none does. */
    static Optional<EventoDeWebhook> doEvento(Class<?> classeDoEvento) {
        return Optional.ofNullable(POR_EVENTO.get(classeDoEvento));
    }

    public static Optional<EventoDeWebhook> porNome(String nome) {
        return Arrays.stream(values()).filter(e -> e.nome.equals(nome)).findFirst();
    }

    /** Every kind's name: what a delivery's {@code evento} may be. */
    public static List<String> nomes() {
        return Arrays.stream(values()).map(EventoDeWebhook::nome).toList();
    }

    /** The kinds a webhook subscribes to and the event feed holds. */
    public static Optional<EventoDeWebhook> assinavel(String nome) {
        return porNome(nome).filter(EventoDeWebhook::assinavel);
    }

    public static List<String> assinaveis() {
        return Arrays.stream(values()).filter(EventoDeWebhook::assinavel).map(EventoDeWebhook::nome).toList();
    }

    private static <E> Origem<E> nota(Class<E> classe, String acao, Function<E, EstadoDaNota> nota) {
        return Origem.versionada(classe, e -> nota.apply(e).lojaId(),
                (e, versao, recursos) -> DadosDeEvento.de(acao, nota.apply(e), versao, recursos));
    }

    private static <E> Origem<E> etiqueta(Class<E> classe, String acao, Function<E, EstadoDaEtiqueta> etiqueta) {
        return Origem.versionada(classe, e -> etiqueta.apply(e).lojaId(),
                (e, versao, recursos) -> DadosDeEvento.de(acao, etiqueta.apply(e), versao, recursos));
    }
}
