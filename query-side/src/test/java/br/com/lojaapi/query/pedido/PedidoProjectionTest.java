package br.com.lojaapi.query.pedido;

import br.com.lojaapi.coreapi.pedido.BuscarPedidoQuery;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.ListarPedidosQuery;
import br.com.lojaapi.coreapi.pedido.MovimentoDoPedido;
import br.com.lojaapi.coreapi.pedido.Pagamento;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoRemovidoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.coreapi.pedido.PedidosPorIdQuery;
import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.RastreioDoPedidoDefinidoEvent;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.pedido.StatusPedido;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import br.com.lojaapi.coreapi.pedido.ValoresDoPedido;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;
import br.com.lojaapi.query.TesteDeProjecao;
import org.axonframework.eventhandling.DomainEventMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

class PedidoProjectionTest extends TesteDeProjecao<PedidoProjection> {

    @Autowired
    PedidoConsultas consultas;

    final String pedido = id();

    @Test
    void criadoApareceComItensClienteEPagamentos() {
        ItemDoPedido pizza = item("Pizza", "2", "45.50", variacaoDoItem("Grande"));
        ItemDoPedido refri = item("Refrigerante", "1", "9.00", null);
        dado(evento(pedido, 0, criado(pedido, 7, List.of(pizza, refri))));

        PedidoView view = buscar().orElseThrow();
        assertThat(view.numero()).isEqualTo(7);
        assertThat(view.status()).isEqualTo(StatusPedido.PENDENTE);
        assertThat(view.tipoEntrega()).isEqualTo(TipoEntrega.DELIVERY);
        assertThat(view.itens()).isEqualTo(List.of(pizza, refri));
        assertThat(view.cliente()).isEqualTo(cliente());
        assertThat(view.pagamentos()).singleElement().extracting(Pagamento::formaPagamento).isEqualTo("Pix");
        assertThat(view.subtotal()).isEqualByComparingTo("100.00");
        assertThat(view.total()).isEqualByComparingTo("105.00");
        assertThat(view.observacoes()).isEqualTo("Tocar o interfone");
        assertThat(view.criadoEm()).isEqualTo(CRIADO);
        assertThat(view.atualizadoEm()).isEqualTo(CRIADO);
        assertThat(view.versao()).isZero();
        assertThat(consultar(() -> consultas.handle(new BuscarPedidoQuery(id(), pedido)))).isEmpty();
    }

    @Test
    void mudancasDeStatusEdicaoRastreioEPagamentoChegamAoPedido() {
        ItemDoPedido pizza = item("Pizza", "3", "45.50", null);
        dado(evento(pedido, 0, criado(pedido, 1, List.of(item("Pizza", "2", "45.50", null)))),
                evento(pedido, 1, status(pedido, 1, StatusPedido.CONFIRMADO, null, DEPOIS)),
                evento(pedido, 2, editado(pedido, List.of(pizza), "136.50", DEPOIS)),
                evento(pedido, 3, new RastreioDoPedidoDefinidoEvent(pedido, loja, "BR123", "https://rastreio/BR123",
                        DEPOIS)),
                evento(pedido, 4, new PedidoPagoEvent(pedido, loja, 1, "PAGO", List.of(), new BigDecimal("141.50"),
                        DEPOIS)));

        PedidoView view = buscar().orElseThrow();
        assertThat(view.status()).isEqualTo(StatusPedido.CONFIRMADO);
        assertThat(view.itens()).containsExactly(pizza);
        assertThat(view.subtotal()).isEqualByComparingTo("136.50");
        assertThat(view.total()).isEqualByComparingTo("141.50");
        assertThat(view.codigoRastreio()).isEqualTo("BR123");
        assertThat(view.urlRastreio()).isEqualTo("https://rastreio/BR123");
        assertThat(view.versao()).isEqualTo(4);

        dado(evento(pedido, 5, status(pedido, 1, StatusPedido.CANCELADO, "Cliente desistiu", MAIS_TARDE)),
                evento(pedido, 6, new PedidoCanceladoEvent(pedido, loja, 1, StatusPedido.CANCELADO,
                        StatusPedido.CONFIRMADO, "Cliente desistiu", null, null, null, MAIS_TARDE)));

        PedidoView cancelado = buscar().orElseThrow();
        assertThat(cancelado.status()).isEqualTo(StatusPedido.CANCELADO);
        assertThat(cancelado.motivoCancelamento()).isEqualTo("Cliente desistiu");
        assertThat(cancelado.pagamentoStatus()).isEqualTo("PAGO");
        assertThat(cancelado.atualizadoEm()).isEqualTo(MAIS_TARDE);
        assertThat(cancelado.versao()).isEqualTo(6);
        assertThat(consultar(() -> consultas.handle(new ListarPedidosQuery(loja, StatusPedido.CANCELADO, null, null,
                1, 10))).pedidos()).extracting(PedidoView::id).containsExactly(pedido);
    }

    @Test
    void pedidoInteiroNumLoteDaAMesmaLinhaQueEventoAEvento() {
        String outro = id();
        dado(historia(pedido, 1).toArray(DomainEventMessage<?>[]::new));
        dadoNumLote(historia(outro, 1).toArray(DomainEventMessage<?>[]::new));

        Map<String, Object> umAUm = semId(linha("SELECT * FROM pedido_view WHERE id = ?", pedido));
        Map<String, Object> emLote = semId(linha("SELECT * FROM pedido_view WHERE id = ?", outro));
        // each row stands where its own last event stands in the event store (the order sync follows)
        assertThat(umAUm.remove("global_index")).isEqualTo(ultimoIndice(pedido));
        assertThat(emLote.remove("global_index")).isEqualTo(ultimoIndice(outro));
        assertThat(emLote).isEqualTo(umAUm).containsEntry("versao", 5L).containsEntry("status", "ENVIADO");
    }

    @Test
    void loteMisturaPedidosNovosEAntigosSemPerderNenhumEvento() {
        String antigo = id();
        dado(evento(antigo, 0, criado(antigo, 1, List.of(item("Pastel", "1", "8.00", null)))));

        dadoNumLote(evento(antigo, 1, status(antigo, 1, StatusPedido.CONFIRMADO, null, DEPOIS)),
                evento(pedido, 0, criado(pedido, 2, List.of(item("Pastel", "2", "8.00", null)))),
                evento(antigo, 2, status(antigo, 1, StatusPedido.PREPARANDO, null, DEPOIS)),
                evento(pedido, 1, status(pedido, 2, StatusPedido.CONFIRMADO, null, DEPOIS)),
                evento(pedido, 2, new RastreioDoPedidoDefinidoEvent(pedido, loja, "XY9", null, MAIS_TARDE)));

        assertThat(linha("SELECT status, versao FROM pedido_view WHERE id = ?", antigo))
                .containsEntry("status", "PREPARANDO").containsEntry("versao", 2L);
        assertThat(linha("SELECT status, codigo_rastreio, atualizado_em, versao FROM pedido_view WHERE id = ?",
                pedido)).containsEntry("status", "CONFIRMADO").containsEntry("codigo_rastreio", "XY9")
                        .containsEntry("atualizado_em", Timestamp.from(MAIS_TARDE)).containsEntry("versao", 2L);
    }

    @Test
    void removidoSomeDasConsultasMasFicaComoLapideNaSincronia() {
        dado(evento(pedido, 0, criado(pedido, 3, List.of(item("Sopa", "1", "20.00", null)))),
                evento(pedido, 1, status(pedido, 3, StatusPedido.CANCELADO, "Sem estoque", DEPOIS)),
                evento(pedido, 2, new PedidoRemovidoEvent(pedido, loja, 3, MAIS_TARDE)));

        assertThat(buscar()).isEmpty();
        assertThat(consultar(() -> consultas.handle(new ListarPedidosQuery(loja, null, null, null, 1, 10)))
                .pedidos()).isEmpty();
        assertThat(consultar(() -> consultas.handle(new PedidosPorIdQuery(loja, List.of(pedido)))).pedidos())
                .singleElement().satisfies(lapide -> assertThat(lapide.versao()).isEqualTo(2));
        assertThat(linha("SELECT removido_em, atualizado_em FROM pedido_view WHERE id = ?", pedido))
                .containsEntry("removido_em", Timestamp.from(MAIS_TARDE))
                .containsEntry("atualizado_em", Timestamp.from(MAIS_TARDE));
    }

    /** Older versions after newer ones, each in a batch of its own or all with the order's creation in one. */
    @ParameterizedTest(name = "num só lote: {0}")
    @ValueSource(booleans = {false, true})
    void versaoAntigaDepoisDeUmaNovaNaoMudaNada(boolean numSoLote) {
        DomainEventMessage<?>[] eventos = {
                evento(pedido, 0, criado(pedido, 4, List.of(item("Torta", "1", "30.00", null)))),
                evento(pedido, 2, status(pedido, 4, StatusPedido.ENVIADO, null, MAIS_TARDE)),
                evento(pedido, 1, status(pedido, 4, StatusPedido.CONFIRMADO, null, DEPOIS)),
                evento(pedido, 1, editado(pedido, List.of(item("Torta", "9", "30.00", null)), "270.00", DEPOIS)),
                evento(pedido, 1, new RastreioDoPedidoDefinidoEvent(pedido, loja, "VELHO", null, DEPOIS)),
                evento(pedido, 0, criado(pedido, 4, List.of(item("Outra", "1", "1.00", null))))};
        if (numSoLote) {
            dadoNumLote(eventos);
        } else {
            dado(eventos);
        }

        PedidoView view = buscar().orElseThrow();
        assertThat(view.status()).isEqualTo(StatusPedido.ENVIADO);
        assertThat(view.itens()).extracting(i -> i.produto().nome()).containsExactly("Torta");
        assertThat(view.subtotal()).isEqualByComparingTo("30.00");
        assertThat(view.codigoRastreio()).isNull();
        assertThat(view.atualizadoEm()).isEqualTo(MAIS_TARDE);
        assertThat(view.versao()).isEqualTo(2);
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(
                () -> linhas("SELECT * FROM pedido_view WHERE id = ?", pedido),
                historia(pedido, 9).toArray(DomainEventMessage<?>[]::new));

        assertThat(linhas).singleElement().satisfies(linha -> assertThat(linha)
                .containsEntry("status", "ENVIADO").containsEntry("codigo_rastreio", "BR9")
                .containsEntry("subtotal", new BigDecimal("91.00")).containsEntry("versao", 5L));
    }

    /**
     * Created, confirmed, edited, paid, tracked and sent: every kind of event the projection reads but the removal.
     * Status events carry the order's tracking, as the aggregate sends them.
     */
    private List<DomainEventMessage<?>> historia(String id, long numero) {
        return List.of(evento(id, 0, criado(id, numero, List.of(item("Pizza", "2", "45.50", null)))),
                evento(id, 1, status(id, numero, StatusPedido.CONFIRMADO, null, DEPOIS)),
                evento(id, 2, editado(id, List.of(item("Pizza", "2", "45.50", null), item("Água", "1", "0.00", null)),
                        "91.00", DEPOIS)),
                evento(id, 3, new PedidoPagoEvent(id, loja, numero, "PAGO", List.of(), new BigDecimal("96.00"),
                        DEPOIS)),
                evento(id, 4, new RastreioDoPedidoDefinidoEvent(id, loja, "BR9", "https://rastreio/BR9", MAIS_TARDE)),
                evento(id, 5, new StatusDoPedidoAlteradoEvent(id, loja, numero, StatusPedido.ENVIADO,
                        StatusPedido.CONFIRMADO, null, "40 min", "BR9", "https://rastreio/BR9", "PAGO",
                        MovimentoDoPedido.NENHUM, MAIS_TARDE)));
    }

    private Optional<PedidoView> buscar() {
        return consultar(() -> consultas.handle(new BuscarPedidoQuery(loja, pedido)));
    }

    private PedidoCriadoEvent criado(String id, long numero, List<ItemDoPedido> itens) {
        BigDecimal subtotal = itens.stream().map(i -> i.precoUnit().multiply(i.quantidade()))
                                   .reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal taxa = new BigDecimal("5.00");
        return new PedidoCriadoEvent(id, loja, numero, StatusPedido.PENDENTE, TipoEntrega.DELIVERY, cliente(), null,
                null, itens, subtotal, BigDecimal.ZERO, taxa, BigDecimal.ZERO, subtotal.add(taxa),
                "Tocar o interfone", "PENDENTE", List.of(new Pagamento("pix", "Pix", null)), true, CRIADO);
    }

    private StatusDoPedidoAlteradoEvent status(String id, long numero, StatusPedido status, String motivo,
                                               Instant quando) {
        return new StatusDoPedidoAlteradoEvent(id, loja, numero, status, StatusPedido.PENDENTE, motivo,
                "40 min", null, null, "PAGO", MovimentoDoPedido.NENHUM, quando);
    }

    private PedidoEditadoEvent editado(String id, List<ItemDoPedido> itens, String subtotal, Instant quando) {
        BigDecimal novo = new BigDecimal(subtotal);
        ValoresDoPedido depois = new ValoresDoPedido(itens, novo, BigDecimal.ZERO, BigDecimal.ZERO,
                new BigDecimal("5.00"), BigDecimal.ZERO, novo.add(new BigDecimal("5.00")));
        ValoresDoPedido antes = new ValoresDoPedido(List.of(), BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO,
                BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO);
        return new PedidoEditadoEvent(id, loja, 0, StatusPedido.CONFIRMADO, antes, depois, "itens", "painel", quando);
    }

    private static ItemDoPedido item(String nome, String quantidade, String preco, VariacaoDoItem variacao) {
        return new ItemDoPedido("item-" + nome, new ProdutoDoItem("produto-" + nome, nome, "SKU-" + nome, 10L, null,
                List.of(), "UN", new BigDecimal("4"), new BigDecimal("0.500")), variacao, new BigDecimal(quantidade),
                new BigDecimal(preco), null, null);
    }

    private static VariacaoDoItem variacaoDoItem(String valor) {
        return new VariacaoDoItem("variacao-" + valor, "Tamanho", valor, null, null, null, null, BigDecimal.ONE);
    }

    private static ClienteDoPedido cliente() {
        return new ClienteDoPedido("Ana", "(11) 99999-0000", "ana@example.com", "12345678909", "Rua A", "10", null,
                "Centro", "São Paulo", "SP", "01001000", null);
    }

    private Long ultimoIndice(String agregado) {
        return jdbc.queryForObject("SELECT max(global_index) FROM domain_event_entry WHERE aggregate_identifier = ?",
                Long.class, agregado);
    }

    private static Map<String, Object> semId(Map<String, Object> linha) {
        Map<String, Object> copia = new LinkedHashMap<>(linha);
        copia.remove("id");
        return copia;
    }
}
