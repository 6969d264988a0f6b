package br.com.lojaapi.eventos;

import br.com.lojaapi.coreapi.categoria.CategoriaAtualizadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.cliente.ClienteAtualizadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.grupo.DadosGrupo;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoAtualizadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoCriadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoRemovidoEvent;
import br.com.lojaapi.coreapi.grupo.ItemComplemento;
import br.com.lojaapi.coreapi.grupo.TipoGrupo;
import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.Pagamento;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.entrega.EntregaConcluidaEvent;
import br.com.lojaapi.coreapi.entrega.EntregaFalhouEvent;
import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.RecuperacaoDoWebhookIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.ReenvioSolicitadoEvent;
import br.com.lojaapi.coreapi.entrega.TentativaAgendadaEvent;
import br.com.lojaapi.coreapi.entrega.TentativaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.DadosDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaSubstituidaEvent;
import br.com.lojaapi.coreapi.notafiscal.ArquivoFiscal;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalAtualizadaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalCanceladaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.RastreioDoPedidoDefinidoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookCriadoEvent;
import br.com.lojaapi.coreapi.webhook.WebhookRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import br.com.lojaapi.coreapi.pedido.ValoresDoPedido;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;
import br.com.lojaapi.coreapi.produto.BaixaDeEstoque;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueDevolvidoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueMovimentadoEvent;
import br.com.lojaapi.coreapi.produto.EstoqueTomadoPorPedidoEvent;
import br.com.lojaapi.coreapi.produto.MotivoDoMovimento;
import br.com.lojaapi.coreapi.produto.TipoMovimento;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoCriadoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAdicionadaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoAlteradaEvent;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;
import br.com.lojaapi.coreapi.produto.VariacaoRemovidaEvent;
import br.com.lojaapi.command.webhook.SegredosEmClaro;
import br.com.lojaapi.gateway.axon.ConfiguracaoAxon;
import org.axonframework.serialization.AnnotationRevisionResolver;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.RegexPatternTypeFilter;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stored events are read for as long as the service lives: serialising each event with the production serializer
 * must give exactly the committed JSON, so renaming a field or changing a date format fails the build. Run with
 * {@code -Deventos.atualizar=true} only when adding an event, and commit the new file.
 */
class FormatoDosEventosTest {

    private static final Path PASTA = Path.of("src/test/resources/eventos");
    private static final Instant T = Instant.parse("2026-11-21T10:15:30.123Z");
    private static final DadosLoja LOJA = new DadosLoja("Mercado Azul", "mercado-azul", "12ABC34501DE35",
            "loja.exemplo.com.br", "11 3333-4444", "01310100", "Av. Paulista", "1000", "cj 1", "Bela Vista",
            "São Paulo", "SP");

    private static final DadosProduto PRODUTO = new DadosProduto("Café", "Torrado", new BigDecimal("24.90"), null,
            List.of("https://api.exemplo.com/imagens/loja-1/ab.png"), "7891234567895", "CAF-500", "REF-1", 1001L, true,
            false, 3, true, new BigDecimal("12.500"), new BigDecimal("2.000"), "UN", new BigDecimal("1.000"),
            new BigDecimal("0.500"), null, null, null, "cat-1", List.of("grupo-1"));
    private static final VariacaoDoProduto VARIACAO = new VariacaoDoProduto("var-1", new DadosVariacao("Moagem", "Fina",
            null, new BigDecimal("26.00"), "CAF-F", null, 71L, new BigDecimal("12.500"), new BigDecimal("0.000")));
    private static final DadosGrupo GRUPO = new DadosGrupo("Adicionais", TipoGrupo.MULTIPLA, true, 1, 2, 0,
            List.of(new ItemComplemento("Bacon", new BigDecimal("3.50"), 10, 7L)));
    private static final DadosCliente CLIENTE = new DadosCliente("Maria Souza", "39053344705", "CPF",
            "maria@exemplo.com.br", "11 3333-4444", "11 99999-8888", "01310100", "Av. Paulista", "1000", "Bela Vista",
            "São Paulo", "SP");

    private static final DadosNotaFiscal NOTA = new DadosNotaFiscal("55",
            "35261112ABC34501DE35550010000001231234567890", "123", "1", null,
            OffsetDateTime.parse("2026-11-20T14:00:00-03:00"), new BigDecimal("59.90"), "12ABC34501DE35",
            "39053344705", "135260000000001", false);
    private static final ArquivoFiscal XML = new ArquivoFiscal("notas/loja-1/nota-1.xml", 4096, "ab12");
    private static final EstadoDaEtiqueta ESTADO_ETIQUETA = new EstadoDaEtiqueta("etq-1", "loja-1", "ped-1", 42,
            new DadosDaEtiqueta("Correios", "SEDEX", "BR123456789BR", "https://rastreio.exemplo.com/BR123456789BR", 1),
            new ArquivoDeEtiqueta("etiquetas/loja-1/ped-1/a.zpl", "ZPL", 812, "9f"), List.of(), "API", T, T);
    private static final EstadoDaNota ESTADO_NOTA = new EstadoDaNota("nota-1", "loja-1", "ped-1", 42, NOTA,
            "AUTORIZADA", null, null, null, XML, null, null, List.of("Nota sem DANFE em PDF"), "API", T, T);

    private static final ItemDoPedido ITEM = new ItemDoPedido("item-1",
            new ProdutoDoItem("prod-1", "Café", "CAF-500", 1001L, "7891234567895",
                    List.of("https://api.exemplo.com/imagens/loja-1/ab.png"), "UN", new BigDecimal("10.500"),
                    new BigDecimal("0.500")),
            new VariacaoDoItem("var-1", "Moagem", "Fina", null, "CAF-F", 71L, null, new BigDecimal("10.500")),
            new BigDecimal("2.000"), new BigDecimal("26.00"), "bem moído", "{\"extra\":[1]}");

    /** A webhook secret as events carry it since decision 069: sealed under the webhook's data key, base64. */
    private static final String SEGREDO_CIFRADO = "AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4/QEFCQ0RFRkdISUpLTE1OT1BRUlM=";

    private static final List<Object> EXEMPLOS = List.of(
            new LojaCriadaEvent("loja-1", LOJA, T),
            new LojaAtualizadaEvent("loja-1", LOJA, T),
            new CategoriaCriadaEvent("cat-1", "loja-1", "Bebidas", "Geladas", 1, true, T),
            new CategoriaAtualizadaEvent("cat-1", "loja-1", "Bebidas", null, 2, false, T),
            new CategoriaRemovidaEvent("cat-1", "loja-1", "Bebidas", T),
            new ProdutoCriadoEvent("prod-1", "loja-1", PRODUTO, List.of(VARIACAO), T),
            new ProdutoAtualizadoEvent("prod-1", "loja-1", PRODUTO, List.of(VARIACAO), T),
            new ProdutoRemovidoEvent("prod-1", "loja-1", "Café", "CAF-500", 1001L, T),
            new VariacaoAdicionadaEvent("prod-1", "loja-1", VARIACAO, new BigDecimal("12.500"), T),
            new VariacaoAlteradaEvent("prod-1", "loja-1", VARIACAO, new BigDecimal("12.500"), T),
            new VariacaoRemovidaEvent("prod-1", "loja-1", "var-1", new BigDecimal("0.000"), T),
            new GrupoComplementoCriadoEvent("grupo-1", "loja-1", GRUPO, T),
            new GrupoComplementoAtualizadoEvent("grupo-1", "loja-1", GRUPO, T),
            new GrupoComplementoRemovidoEvent("grupo-1", "loja-1", "Adicionais", T),
            new ClienteCriadoEvent("cli-1", "loja-1", CLIENTE, T),
            new ClienteAtualizadoEvent("cli-1", "loja-1", new DadosCliente("Maria Souza", "12ABC34501DE35", "CNPJ",
                    null, null, null, null, null, null, null, null, null), T),
            new EstoqueMovimentadoEvent("prod-1", "loja-1", "mov-1", "var-1", TipoMovimento.ENTRADA,
                    new BigDecimal("2.500"), new BigDecimal("10.000"), new BigDecimal("12.500"), new BigDecimal("12.500"),
                    "nota 123", T),
            new EstoqueTomadoPorPedidoEvent("prod-1", "loja-1", "ped-1",
                    List.of(new BaixaDeEstoque("var-1", new BigDecimal("2.000"), new BigDecimal("10.500"))),
                    new BigDecimal("10.500"), T, MotivoDoMovimento.PEDIDO_CRIADO),
            new EstoqueDevolvidoPorPedidoEvent("prod-1", "loja-1", "ped-1",
                    List.of(new BaixaDeEstoque(null, new BigDecimal("2.000"), new BigDecimal("12.500"))),
                    new BigDecimal("12.500"), T, MotivoDoMovimento.PEDIDO_EDITADO),
            new EstoqueBaixoEvent("prod-1", "loja-1", "var-1", "Moagem", "CAF-F", 71L, new BigDecimal("1.000"),
                    new BigDecimal("2.000"), T),
            new PedidoCriadoEvent("ped-1", "loja-1", 42, StatusPedido.PENDENTE, TipoEntrega.DELIVERY,
                    new ClienteDoPedido("Ana", "11999990000", "ana@ex.com", "52998224725", "Av. Paulista", "1000",
                            "ap 3", "Bela Vista", "São Paulo", "SP", "01310100", "perto do metrô"),
                    "cli-1", CLIENTE, List.of(ITEM),
                    new BigDecimal("52.00"), new BigDecimal("2.00"), new BigDecimal("5.00"), new BigDecimal("0.00"),
                    new BigDecimal("55.00"), "tocar a campainha", null,
                    List.of(new Pagamento("pix", "instant transfer", new BigDecimal("55.00"))), true, T),
            new StatusDoPedidoAlteradoEvent("ped-1", "loja-1", 42, StatusPedido.CANCELADO, StatusPedido.CONFIRMADO,
                    "desistiu", "40 min", "BR123", "https://r.example/BR123", "PAGO", MovimentoDoPedido.DEVOLVER, T),
            new PedidoEditadoEvent("ped-1", "loja-1", 42, StatusPedido.CONFIRMADO,
                    new ValoresDoPedido(List.of(ITEM), new BigDecimal("52.00"), new BigDecimal("0.00"),
                            new BigDecimal("2.00"), new BigDecimal("5.00"), new BigDecimal("0.00"),
                            new BigDecimal("55.00")),
                    new ValoresDoPedido(List.of(new ItemDoPedido("item-1", ITEM.produto(), ITEM.variacao(),
                            new BigDecimal("3.000"), new BigDecimal("25.00"), null, null)), new BigDecimal("75.00"),
                            new BigDecimal("0.00"), new BigDecimal("10.00"), new BigDecimal("5.00"),
                            new BigDecimal("0.00"), new BigDecimal("70.00")),
                    "1 item alterado; desconto 2.00 → 10.00; total 55.00 → 70.00", "Maria (gerente)", T),
            new PedidoCanceladoEvent("ped-1", "loja-1", 42, StatusPedido.CANCELADO, StatusPedido.CONFIRMADO,
                    "desistiu", "40 min", "BR123", "https://r.example/BR123", T),
            new PedidoPagoEvent("ped-1", "loja-1", 42, "PAGO",
                    List.of(new Pagamento("pix", "instant transfer", new BigDecimal("55.00"))), new BigDecimal("55.00"),
                    T),
            new PedidoRemovidoEvent("ped-1", "loja-1", 42, T),
            new WebhookCriadoEvent("wh-1", "loja-1", "ERP", "https://erp.exemplo.com.br/hooks",
                    List.of("pedido.criado", "pedido.status"), T, SEGREDO_CIFRADO),
            new WebhookRemovidoEvent("wh-1", "loja-1", T),
            new EntregaIniciadaEvent("ent-1", "loja-1", "wh-1", "pedido.status",
                    "{\"evento\":\"pedido.status\",\"criadoEm\":\"2026-11-21T10:15:30.123Z\",\"dados\":{}}",
                    List.of(30_000L, 120_000L, 600_000L, 3_600_000L), T, false),
            new TentativaAgendadaEvent("ent-1", "loja-1", "wh-1", 1, 2),
            new TentativaRegistradaEvent("ent-1", "loja-1", "wh-1", 1, 2, false, 503, 87L, "indisponível",
                    "o receptor respondeu HTTP 503", T, T.plusSeconds(120)),
            new EntregaConcluidaEvent("ent-1", "loja-1", "wh-1", 1, 3, T),
            new EntregaFalhouEvent("ent-1", "loja-1", "wh-1", 1, 5, T),
            new ReenvioSolicitadoEvent("ent-1", "loja-1", "wh-1", 2, List.of(30_000L, 120_000L), T, "rec-1"),
            new RecuperacaoDoWebhookIniciadaEvent("rec-1", "loja-1", "wh-1", T.minusSeconds(3600),
                    List.of("ent-1", "ent-2"), List.of(30_000L, 120_000L), T, T.plusSeconds(90_000)),
            new NotaFiscalRegistradaEvent(ESTADO_NOTA),
            new NotaFiscalAtualizadaEvent(ESTADO_NOTA),
            new NotaFiscalCanceladaEvent(new EstadoDaNota("nota-1", "loja-1", "ped-1", 42, NOTA, "CANCELADA",
                    OffsetDateTime.parse("2026-11-21T09:30:00-03:00"), "110111", "135260000000099", XML,
                    new ArquivoFiscal("notas/loja-1/nota-1.pdf", 9000, "cd34"),
                    new ArquivoFiscal("notas/loja-1/nota-1-cancelamento.xml", 2048, "ef56"), List.of(), "API", T, T)),
            new NotaFiscalRemovidaEvent(ESTADO_NOTA, T),
            new EtiquetaRegistradaEvent(ESTADO_ETIQUETA),
            new EtiquetaSubstituidaEvent(ESTADO_ETIQUETA),
            new EtiquetaRemovidaEvent(ESTADO_ETIQUETA, T),
            new RastreioDoPedidoDefinidoEvent("ped-1", "loja-1", "BR123456789BR",
                    "https://rastreio.exemplo.com/BR123456789BR", T));

    private final Serializer serializer = ConfiguracaoAxon.serializadorJackson(new AnnotationRevisionResolver());

    @Test
    void todoEventoTemExemplo() {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new RegexPatternTypeFilter(Pattern.compile(".*Event")));
        Set<String> eventos = scanner.findCandidateComponents("br.com.lojaapi.coreapi").stream()
                                     .map(b -> b.getBeanClassName()).collect(Collectors.toSet());
        Set<String> comExemplo = EXEMPLOS.stream().map(e -> e.getClass().getName()).collect(Collectors.toSet());

        assertThat(comExemplo).containsExactlyInAnyOrderElementsOf(eventos);
    }

    @Test
    void jsonDeCadaEventoIgualAoArquivoDeReferencia() throws IOException {
        boolean atualizar = Boolean.getBoolean("eventos.atualizar");
        for (Object evento : EXEMPLOS) {
            SerializedObject<byte[]> serializado = serializer.serialize(evento, byte[].class);
            String json = new String(serializado.getData(), StandardCharsets.UTF_8);
            Path arquivo = PASTA.resolve(evento.getClass().getSimpleName() + ".json");
            if (atualizar) {
                Files.createDirectories(PASTA);
                Files.writeString(arquivo, json + "\n");
            }
            assertThat(arquivo).as("arquivo de referência de %s", evento.getClass().getSimpleName()).exists();
            assertThat(json).as(evento.getClass().getSimpleName()).isEqualTo(Files.readString(arquivo).strip());
        }
    }

    /** Events are forever: JSON written before a field existed, or after one was added, still loads. */
    @Test
    void eventoAntigoSemCampoNovoECampoDesconhecidoCarregam() {
        String antigo = "{\"categoriaId\":\"c\",\"lojaId\":\"l\",\"nome\":\"N\",\"criadaEm\":\"2026-01-01T00:00:00Z\","
                + "\"campoDoFuturo\":1}";
        Object lido = ler(antigo, CategoriaCriadaEvent.class);

        assertThat(lido).isEqualTo(new CategoriaCriadaEvent("c", "l", "N", null, 0, false,
                Instant.parse("2026-01-01T00:00:00Z")));
    }

    /** Deliveries and redeliveries stored before tests and recoveries existed: no test, no recovery. */
    @Test
    void entregaEReenvioAntigosCarregamSemTesteNemRecuperacao() {
        String iniciada = "{\"entregaId\":\"e\",\"lojaId\":\"l\",\"webhookId\":\"w\",\"evento\":\"pedido.criado\","
                + "\"corpo\":\"{}\",\"atrasosMs\":[1000],\"iniciadaEm\":\"2026-01-01T00:00:00Z\"}";
        String reenvio = "{\"entregaId\":\"e\",\"lojaId\":\"l\",\"webhookId\":\"w\",\"serie\":2,\"atrasosMs\":[1000],"
                + "\"solicitadoEm\":\"2026-01-01T00:00:00Z\"}";
        Instant em = Instant.parse("2026-01-01T00:00:00Z");

        assertThat(ler(iniciada, EntregaIniciadaEvent.class)).isEqualTo(new EntregaIniciadaEvent("e", "l", "w",
                "pedido.criado", "{}", List.of(1000L), em, false));
        assertThat(ler(reenvio, ReenvioSolicitadoEvent.class)).isEqualTo(new ReenvioSolicitadoEvent("e", "l", "w", 2,
                List.of(1000L), em, null));
    }

    /**
     * A webhook created before decision 069 carried its secret in clear ({@code segredo}). Such an event still loads
     * (the field is ignored, and no handler needs it), and the upgrade's rewrite ({@code SegredosEmClaro}) turns it
     * into exactly the JSON a new event is written as.
     */
    @Test
    void webhookCriadoAntesDosSegredosCifradosCarregaEVoltaNoFormatoNovo() throws IOException {
        String antigo = "{\"webhookId\":\"wh-1\",\"lojaId\":\"loja-1\",\"nome\":\"ERP\","
                + "\"url\":\"https://erp.exemplo.com.br/hooks\",\"eventos\":[\"pedido.criado\",\"pedido.status\"],"
                + "\"segredo\":\"whsec_000102030405060708090a0b0c0d0e0f1011121314151617\","
                + "\"criadoEm\":\"2026-11-21T10:15:30.123Z\"}";
        WebhookCriadoEvent novo = new WebhookCriadoEvent("wh-1", "loja-1", "ERP", "https://erp.exemplo.com.br/hooks",
                List.of("pedido.criado", "pedido.status"), T, SEGREDO_CIFRADO);

        assertThat(ler(antigo, WebhookCriadoEvent.class)).isEqualTo(new WebhookCriadoEvent(novo.webhookId(),
                novo.lojaId(), novo.nome(), novo.url(), novo.eventos(), T, null));
        byte[] reescrito = SegredosEmClaro.novoPayload(antigo.getBytes(StandardCharsets.UTF_8), SEGREDO_CIFRADO);
        assertThat(new String(reescrito, StandardCharsets.UTF_8))
                .isEqualTo(Files.readString(PASTA.resolve("WebhookCriadoEvent.json")).strip());
        byte[] removido = SegredosEmClaro.novoPayload(antigo.getBytes(StandardCharsets.UTF_8), null);
        assertThat(new String(removido, StandardCharsets.UTF_8)).doesNotContain("whsec_", "0102030405")
                .isEqualTo(new String(serializer.serialize(ler(antigo, WebhookCriadoEvent.class), byte[].class)
                        .getData(), StandardCharsets.UTF_8));
    }

    /** Order-driven stock movements recorded before {@code motivo} existed load with none. */
    @Test
    void movimentoDePedidoAntigoCarregaSemMotivo() {
        String antigo = "{\"produtoId\":\"p\",\"lojaId\":\"l\",\"pedidoId\":\"o\",\"baixas\":[],"
                + "\"estoqueDoProduto\":1,\"em\":\"2026-01-01T00:00:00Z\"}";
        Object lido = ler(antigo, EstoqueTomadoPorPedidoEvent.class);

        assertThat(lido).isEqualTo(new EstoqueTomadoPorPedidoEvent("p", "l", "o", List.of(), BigDecimal.ONE,
                Instant.parse("2026-01-01T00:00:00Z"), null));
    }

    private Object ler(String json, Class<?> tipo) {
        return serializer.deserialize(new SimpleSerializedObject<>(json.getBytes(StandardCharsets.UTF_8), byte[].class,
                new SimpleSerializedType(tipo.getName(), null)));
    }

    @Test
    void arquivosDeReferenciaVoltamAoMesmoEvento() throws IOException {
        for (Object evento : EXEMPLOS) {
            byte[] json = Files.readString(PASTA.resolve(evento.getClass().getSimpleName() + ".json")).strip()
                               .getBytes(StandardCharsets.UTF_8);
            Object lido = serializer.deserialize(new SimpleSerializedObject<>(json, byte[].class,
                    new SimpleSerializedType(evento.getClass().getName(), null)));
            assertThat(lido).isEqualTo(evento);
        }
    }
}
