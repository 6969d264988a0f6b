package br.com.lojaapi.command.entrega;

import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.Pagamento;
import br.com.lojaapi.coreapi.pedido.PedidoCanceladoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoCriadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoEditadoEvent;
import br.com.lojaapi.coreapi.pedido.PedidoPagoEvent;
import br.com.lojaapi.coreapi.pedido.StatusDoPedidoAlteradoEvent;
import br.com.lojaapi.coreapi.pedido.ValoresDoPedido;
import br.com.lojaapi.coreapi.produto.EstoqueBaixoEvent;
import br.com.lojaapi.coreapi.produto.ProdutoRemovidoEvent;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The {@code dados} of each event kind, field for field as the contract (pedido.criado) and DECISIONS.md (the
 * others) list them, in that order. Records, so that a field cannot be added by accident. A resource they embed is
 * shown as its GET shows it ({@link RecursosComoGet}).
 */
public final class DadosDeEvento {

    private DadosDeEvento() {
    }

    record PedidoCriado(String id, long numero, String status, String tipoEntrega, BigDecimal subtotal,
                        BigDecimal desconto, BigDecimal ajustePagamento, BigDecimal taxaEntrega, BigDecimal total,
                        String observacoes, String pagamentoStatus, List<Pagamento> pagamentos, String clienteNome,
                        String clienteCelular, String clienteEmail, String clienteDocumento, String clienteEndereco,
                        Instant criadoEm) {
    }

    record StatusDoPedido(String id, long numero, String status, String statusAnterior, String motivoCancelamento,
                          String tempoEntrega, String codigoRastreio, String urlRastreio, Instant atualizadoEm) {
    }

    record PedidoPago(String id, long numero, String pagamentoStatus, List<Pagamento> pagamentos, BigDecimal total) {
    }

    record ProdutoRemovido(String id, String nome, String sku, Long codIntegracao, Instant removidoEm) {
    }

    record EstoqueBaixo(String produtoId, String variacaoId, String nome, String sku, Long codIntegracao,
                        BigDecimal quantidadeEstoque, BigDecimal estoqueMinimo) {
    }

    record NotaFiscalDoPedido(String acao, String pedidoId, long pedidoNumero, RecursosComoGet.NotaFiscal notaFiscal) {
    }

    record EtiquetaNoPedido(String acao, String pedidoId, long pedidoNumero, RecursosComoGet.Etiqueta etiqueta) {
    }

    /** webhook.teste: which webhook was tested, and when the test was sent. */
    record WebhookTeste(String webhookId, Instant enviadoEm) {
    }

    record PedidoEditado(String id, long numero, String status, String resumo, Valores antes, Valores depois,
                         String editadoPor, Instant editadoEm) {
    }

    /** {@code antes} and {@code depois} of {@code pedido.editado}; the lines as GET /pedidos/{id} shows them. */
    record Valores(List<RecursosComoGet.Item> itens, BigDecimal subtotal, BigDecimal ajusteTabela,
                   BigDecimal desconto, BigDecimal taxaEntrega, BigDecimal ajustePagamento, BigDecimal total) {

        static Valores de(ValoresDoPedido v, RecursosComoGet recursos) {
            return new Valores(v.itens().stream().map(recursos::item).toList(), v.subtotal(), v.ajusteTabela(),
                    v.desconto(), v.taxaEntrega(), v.ajustePagamento(), v.total());
        }
    }

    /** {@code pedido.editado}: the status is the order's at the edit. */
    static PedidoEditado de(PedidoEditadoEvent e, RecursosComoGet recursos) {
        return new PedidoEditado(e.pedidoId(), e.numero(), e.status().name(), e.resumo(),
                Valores.de(e.antes(), recursos), Valores.de(e.depois(), recursos), e.editadoPor(), e.editadoEm());
    }

    /** {@code pedido.etiqueta}: the carrier label as GET returns it, at the version of this event. */
    static EtiquetaNoPedido de(String acao, EstadoDaEtiqueta etiqueta, long versao, RecursosComoGet recursos) {
        return new EtiquetaNoPedido(acao, etiqueta.pedidoId(), etiqueta.pedidoNumero(),
                recursos.etiqueta(etiqueta, versao));
    }

    /** {@code pedido.nota_fiscal}: the invoice as GET returns it, at the version of this event. */
    static NotaFiscalDoPedido de(String acao, EstadoDaNota nota, long versao, RecursosComoGet recursos) {
        return new NotaFiscalDoPedido(acao, nota.pedidoId(), nota.pedidoNumero(), recursos.notaFiscal(nota, versao));
    }

    static PedidoCriado de(PedidoCriadoEvent e) {
        ClienteDoPedido c = e.cliente();
        return new PedidoCriado(e.pedidoId(), e.numero(), e.status().name(), e.tipoEntrega().name(), e.subtotal(),
                e.desconto(), e.ajustePagamento(), e.taxaEntrega(), e.total(), e.observacoes(), e.pagamentoStatus(),
                e.pagamentos(), c.nome(), c.celular(), c.email(), c.documento(), c.endereco(), e.criadoEm());
    }

    static StatusDoPedido de(StatusDoPedidoAlteradoEvent e) {
        return new StatusDoPedido(e.pedidoId(), e.numero(), e.status().name(), nome(e.statusAnterior()),
                e.motivoCancelamento(), e.tempoEntrega(), e.codigoRastreio(), e.urlRastreio(), e.atualizadoEm());
    }

    static StatusDoPedido de(PedidoCanceladoEvent e) {
        return new StatusDoPedido(e.pedidoId(), e.numero(), e.status().name(), nome(e.statusAnterior()),
                e.motivoCancelamento(), e.tempoEntrega(), e.codigoRastreio(), e.urlRastreio(), e.atualizadoEm());
    }

    static PedidoPago de(PedidoPagoEvent e) {
        return new PedidoPago(e.pedidoId(), e.numero(), e.pagamentoStatus(), e.pagamentos(), e.total());
    }

    /** The customer as GET /clientes/{id} showed it right after it was registered. */
    static RecursosComoGet.Cliente de(ClienteCriadoEvent e, long versao, RecursosComoGet recursos) {
        return recursos.cliente(new ClienteView(e.clienteId(), e.lojaId(), e.dados(), e.criadoEm(), e.criadoEm(),
                versao));
    }

    static ProdutoRemovido de(ProdutoRemovidoEvent e) {
        return new ProdutoRemovido(e.produtoId(), e.nome(), e.sku(), e.codIntegracao(), e.removidoEm());
    }

    static EstoqueBaixo de(EstoqueBaixoEvent e) {
        return new EstoqueBaixo(e.produtoId(), e.variacaoId(), e.nome(), e.sku(), e.codIntegracao(),
                e.quantidadeEstoque(), e.estoqueMinimo());
    }

    private static String nome(Enum<?> valor) {
        return valor == null ? null : valor.name();
    }
}
