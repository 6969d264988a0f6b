package br.com.lojaapi.gateway.pedido;

import br.com.lojaapi.command.entrega.RecursosComoGet;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.EtiquetaDoPedido;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.NotaFiscalDoPedido;
import br.com.lojaapi.coreapi.pedido.Pagamento;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

@Schema(name = "Pedido")
public record PedidoJson(String id,
                  long numero,
                  @Schema(allowableValues = {"PENDENTE", "CONFIRMADO", "PREPARANDO", "PRONTO", "ENVIADO", "ENTREGUE",
                          "CANCELADO"}) String status,
                  @Schema(allowableValues = {"DELIVERY", "BALCAO", "MESA"}) String tipoEntrega,
                  BigDecimal subtotal,
                  BigDecimal desconto,
                  BigDecimal taxaEntrega,
                  @Schema(description = "Ajuste da forma de pagamento; negativo = desconto") BigDecimal ajustePagamento,
                  BigDecimal total,
                  @Schema(nullable = true) String observacoes,
                  @Schema(nullable = true) String motivoCancelamento,
                  @Schema(nullable = true) String tempoEntrega,
                  @Schema(nullable = true) String codigoRastreio,
                  @Schema(nullable = true) String urlRastreio,
                  @Schema(nullable = true) String pagamentoStatus,
                  List<Pagamento> pagamentos,
                  String clienteNome,
                  @Schema(nullable = true) String clienteCelular,
                  @Schema(nullable = true) String clienteEmail,
                  @Schema(nullable = true) String clienteDocumento,
                  @Schema(nullable = true) String clienteEndereco,
                  @Schema(nullable = true) String clienteBairro,
                  @Schema(nullable = true) String clienteCidade,
                  @Schema(nullable = true) String clienteUf,
                  @Schema(nullable = true) String clienteCep,
                  @Schema(nullable = true) String clienteNumero,
                  @Schema(nullable = true) String clienteComplemento,
                  @Schema(nullable = true) String clienteReferencia,
                  @Schema(nullable = true, description = "Cliente cadastrado, como estava quando o pedido foi feito")
                  Cliente cliente,
                  List<Item> itens,
                  @Schema(description = "Resumo das notas fiscais do pedido") List<NotaFiscalDoPedido> notasFiscais,
                  @Schema(description = "Etiquetas de transportadora do pedido") List<EtiquetaDoPedido> etiquetasEnvio,
                  Instant criadoEm,
                  Instant atualizadoEm,
                  @Schema(description = "Versão do agregado após a última alteração (extensão)") long versao) {

    @Schema(name = "ClienteDoPedido")
    public record Cliente(String id, String nome, String documento, String tipoDocumento,
                          @Schema(nullable = true) String email, @Schema(nullable = true) String telefone,
                          @Schema(nullable = true) String celular, @Schema(nullable = true) String cep,
                          @Schema(nullable = true) String endereco, @Schema(nullable = true) String numero,
                          @Schema(nullable = true) String bairro, @Schema(nullable = true) String cidade,
                          @Schema(nullable = true) String uf) {
    }

    @Schema(name = "ItemDoPedido")
    public record Item(String id,
                BigDecimal quantidade,
                @Schema(description = "Preço unitário calculado pelo serviço") BigDecimal precoUnit,
                @Schema(description = "O produto como estava no pedido (estoque logo após a baixa do pedido)")
                ProdutoDoItemJson produto,
                @Schema(nullable = true) VariacaoDoItem variacao,
                @Schema(nullable = true) String observacao,
                @Schema(implementation = JsonNode.class, description = "JSON livre: as opções como enviadas no pedido, "
                        + "ou null")
                @JsonRawValue String opcoes) implements RecursosComoGet.Item {
    }

    @Schema(name = "ProdutoDoItem")
    public record ProdutoDoItemJson(String id, String nome, @Schema(nullable = true) String sku,
                                    @Schema(nullable = true) Long codIntegracao,
                                    @Schema(nullable = true) String codigoBarras, List<String> imagens,
                                    @Schema(nullable = true) String unidade, BigDecimal quantidadeEstoque) {

        static ProdutoDoItemJson de(ProdutoDoItem p) {
            return new ProdutoDoItemJson(p.id(), p.nome(), p.sku(), p.codIntegracao(), p.codigoBarras(), p.imagens(),
                    p.unidade(), p.quantidadeEstoque());
        }
    }

    static PedidoJson de(PedidoView p) {
        ClienteDoPedido c = p.cliente();
        DadosCliente r = p.clienteRegistrado();
        Cliente cliente = p.clienteId() == null || r == null ? null : new Cliente(p.clienteId(), r.nome(), r.documento(),
                r.tipoDocumento(), r.email(), r.telefone(), r.celular(), r.cep(), r.endereco(), r.numero(), r.bairro(),
                r.cidade(), r.uf());
        List<Item> itens = p.itens().stream().map(PedidoJson::item).toList();
        return new PedidoJson(p.id(), p.numero(), p.status().name(), p.tipoEntrega().name(), p.subtotal(), p.desconto(),
                p.taxaEntrega(), p.ajustePagamento(), p.total(), p.observacoes(), p.motivoCancelamento(),
                p.tempoEntrega(), p.codigoRastreio(), p.urlRastreio(), p.pagamentoStatus(), p.pagamentos(), c.nome(),
                c.celular(), c.email(), c.documento(), c.endereco(), c.bairro(), c.cidade(), c.uf(), c.cep(), c.numero(),
                c.complemento(), c.referencia(), cliente, itens, p.notasFiscais(), p.etiquetasEnvio(), p.criadoEm(), p.atualizadoEm(),
                p.versao());
    }

    /** An order line as GET /pedidos/{id} shows it. */
    public static Item item(ItemDoPedido i) {
        return new Item(i.id(), i.quantidade(), i.precoUnit(), ProdutoDoItemJson.de(i.produto()), i.variacao(),
                i.observacao(), i.opcoes());
    }
}
