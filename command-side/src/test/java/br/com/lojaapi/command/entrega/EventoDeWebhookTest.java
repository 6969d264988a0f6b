package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.categoria.CategoriaAtualizadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.cliente.ClienteAtualizadoEvent;
import br.com.lojaapi.coreapi.entrega.EntregaConcluidaEvent;
import br.com.lojaapi.coreapi.entrega.EntregaFalhouEvent;
import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.RecuperacaoDoWebhookIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.ReenvioSolicitadoEvent;
import br.com.lojaapi.coreapi.entrega.TentativaAgendadaEvent;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoAtualizadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoCriadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoRemovidoEvent;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.RastreioDoPedidoDefinidoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueDevolvidoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueMovimentadoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueTomadoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAdicionadaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAlteradaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoRemovidaEvent;
import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookRemovidoEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.RegexPatternTypeFilter;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The catalogue of webhook kinds is complete: each kind has a name, a type of {@code dados}, a summary and the
 * events it is rendered from; and every event of the message API is the origin of exactly one kind, or of none on
 * purpose (listed below with why), so a new event cannot be left out of webhooks by forgetting. That each origin
 * renders {@code dados} of its kind's published type, from the stored reference events, is api-gateway's
 * {@code DescricaoDosWebhooksApiTest}: the representations of resources are the web layer's.
 */
class EventoDeWebhookTest {

    /**
     * Events no webhook carries: the contract's eleven kinds (spec, Events; DECISIONS.md) have none for them. A new
     * event goes into the catalogue or here.
     */
    private static final Set<Class<?>> SEM_WEBHOOK = Set.of(
            // catalogue structure, store settings, option groups
            CategoriaCriadaEvent.class, CategoriaAtualizadaEvent.class, CategoriaRemovidaEvent.class,
            LojaCriadaEvent.class, LojaAtualizadaEvent.class,
            GrupoComplementoCriadoEvent.class, GrupoComplementoAtualizadoEvent.class,
            GrupoComplementoRemovidoEvent.class,
            // only a customer's registration is announced (cliente.criado)
            ClienteAtualizadoEvent.class,
            // a product is announced when changed, removed or low on stock; not when created, nor its variations
            // and stock movements one by one
            ProdutoCriadoEvent.class, VariacaoAdicionadaEvent.class, VariacaoAlteradaEvent.class,
            VariacaoRemovidaEvent.class, EstoqueMovimentadoEvent.class,
            EstoqueTomadoPorPedidoEvent.class, EstoqueDevolvidoPorPedidoEvent.class,
            // a removed order; the tracking code taken from a label (it shows in pedido.status and pedido.etiqueta)
            PedidoRemovidoEvent.class, RastreioDoPedidoDefinidoEvent.class,
            // webhooks and their deliveries themselves
            WebhookCriadoEvent.class, WebhookRemovidoEvent.class,
            EntregaIniciadaEvent.class, TentativaAgendadaEvent.class, TentativaRegistradaEvent.class,
            EntregaConcluidaEvent.class, EntregaFalhouEvent.class, ReenvioSolicitadoEvent.class,
            RecuperacaoDoWebhookIniciadaEvent.class);

    /**
     * Kinds no event is delivered as, sent only on request, each with its renderer (checked below). A kind without
     * origins goes here with its renderer, or gets origins.
     */
    private static final Set<EventoDeWebhook> SOB_PEDIDO = Set.of(EventoDeWebhook.WEBHOOK_TESTE);

    private static final Pattern NOME = Pattern.compile("[a-z]+\\.[a-z_]+");

    @Test
    void cadaTipoTemNomeTipoDosDadosResumoEOrigens() {
        for (EventoDeWebhook tipo : EventoDeWebhook.values()) {
            assertThat(tipo.nome()).as(tipo.name()).matches(NOME);
            assertThat(tipo.dados()).as("dados de %s", tipo.nome()).isNotNull();
            assertThat(tipo.resumo()).as("resumo de %s", tipo.nome()).isNotBlank();
            assertThat(tipo.origens().isEmpty()).as("sem eventos de origem: %s", tipo.nome())
                                                .isEqualTo(SOB_PEDIDO.contains(tipo));
            assertThat(tipo.assinavel()).isEqualTo(!SOB_PEDIDO.contains(tipo));
        }
        assertThat(EventoDeWebhook.nomes()).doesNotHaveDuplicates();
        assertThat(EventoDeWebhook.assinaveis()).doesNotContain("webhook.teste")
                                                .hasSize(EventoDeWebhook.values().length - SOB_PEDIDO.size());
    }

    @Test
    void cadaEventoDaApiDeMensagensTemUmTipoOuNenhumDeProposito() {
        List<Class<?>> origens = new ArrayList<>();
        for (EventoDeWebhook tipo : EventoDeWebhook.values()) {
            tipo.origens().forEach(origem -> origens.add(origem.classe()));
        }
        assertThat(origens).as("um evento, um tipo").doesNotHaveDuplicates();
        assertThat(origens).as("eventos com tipo e sem webhook de propósito").doesNotContainAnyElementsOf(SEM_WEBHOOK);

        Set<Class<?>> classificados = new HashSet<>(origens);
        classificados.addAll(SEM_WEBHOOK);
        assertThat(classificados).as("todo evento da API de mensagens: no catálogo ou em SEM_WEBHOOK")
                                 .containsExactlyInAnyOrderElementsOf(eventosDaApiDeMensagens());
        for (Class<?> classe : origens) {
            assertThat(EventoDeWebhook.doEvento(classe)).as(classe.getSimpleName()).isPresent();
            assertThat(EventoDeWebhook.doEvento(classe).orElseThrow().origem(classe).classe()).isEqualTo(classe);
        }
        SEM_WEBHOOK.forEach(classe -> assertThat(EventoDeWebhook.doEvento(classe)).as(classe.getSimpleName()).isEmpty());
    }

    /** The test delivery's body: its kind's envelope, with {@code dados} of its kind's type, from its renderer. */
    @Test
    void tipoSobPedidoTemSeuRenderizador() throws Exception {
        ObjectMapper json = new ObjectMapper().findAndRegisterModules()
                                              .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        Instant enviadoEm = Instant.parse("2026-11-21T10:15:30.123Z");
        String corpo = new RenderizadorDeEventos(json, null).teste("wh-1", enviadoEm);

        JsonNode lido = json.readTree(corpo);
        assertThat(lido.fieldNames()).toIterable().containsExactly("evento", "criadoEm", "dados");
        assertThat(lido.get("evento").asText()).isEqualTo(EventoDeWebhook.WEBHOOK_TESTE.nome());
        assertThat(json.treeToValue(lido.get("criadoEm"), Instant.class)).isEqualTo(enviadoEm);
        assertThat(json.treeToValue(lido.get("dados"), EventoDeWebhook.WEBHOOK_TESTE.dados()))
                .isEqualTo(new DadosDeEvento.WebhookTeste("wh-1", enviadoEm));
    }

    private static Set<Class<?>> eventosDaApiDeMensagens() {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new RegexPatternTypeFilter(Pattern.compile(".*Event")));
        return scanner.findCandidateComponents("br.com.lojaapi.coreapi").stream()
                      .map(b -> carregar(b.getBeanClassName()))
                      .collect(Collectors.toSet());
    }

    private static Class<?> carregar(String nome) {
        try {
            return Class.forName(nome);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(nome, e);
        }
    }
}
