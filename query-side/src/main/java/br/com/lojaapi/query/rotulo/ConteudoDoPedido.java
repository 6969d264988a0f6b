package br.com.lojaapi.query.rotulo;

import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.pedido.ClienteDoPedido;
import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.NotaFiscalDoPedido;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns an order of the store into what its label prints. Every choice the contract leaves to the reader of the
 * order is made here, once, so the PDF and the ZPL of one order, alone or in a batch, always say the same thing.
 */
public final class ConteudoDoPedido {

    /**
     * Bytes of a tracking link that still make a QR code a phone reads on a 10 x 15 label, in both PDF and ZPL
     * (whose error-correction level holds less): a longer one would make modules too small to scan, overflow its
     * column or not fit the code at all, so the storefront link of the order is printed instead. Real tracking
     * links are far shorter.
     */
    static final int LINK_MAXIMO = 500;

    private ConteudoDoPedido() {
    }

    /**
     * What the label of {@code pedido} prints, with {@code loja} as the sender.
     *
     * @param paginaNaVitrine the order's page on the storefront, the QR code's link when there is no usable
     *                        tracking link
     */
    public static ConteudoDoRotulo de(PedidoView pedido, DadosLoja loja, String paginaNaVitrine,
                                        boolean comItens) {
        return new ConteudoDoRotulo(pedido.numero(), link(pedido, paginaNaVitrine), destinatario(pedido.cliente()),
                entrega(pedido.tipoEntrega()), pedido.codigoRastreio(), nota(pedido.notasFiscais()),
                peso(pedido.itens()), comItens ? itens(pedido.itens()) : List.of(), remetente(loja));
    }

    /**
     * The tracking page when the order has one, since that is what the person holding the parcel wants; else the
     * order's page on the storefront. A tracking link too long for a readable QR code gives way to the storefront.
     */
    private static String link(PedidoView pedido, String paginaNaVitrine) {
        String rastreio = TextosDoRotulo.limpo(pedido.urlRastreio());
        if (rastreio != null && rastreio.getBytes(StandardCharsets.UTF_8).length <= LINK_MAXIMO) {
            return rastreio;
        }
        return paginaNaVitrine;
    }

    /** The customer as the order kept it when placed: the address the parcel was bought for. */
    private static Destinatario destinatario(ClienteDoPedido cliente) {
        if (cliente == null) {
            return new Destinatario("", null, null, null, null, null, null, null, null, null);
        }
        return new Destinatario(cliente.nome() == null ? "" : cliente.nome(), cliente.endereco(), cliente.numero(),
                cliente.complemento(), cliente.bairro(), cliente.cidade(), cliente.uf(), cliente.cep(),
                cliente.celular(), cliente.referencia());
    }

    private static Remetente remetente(DadosLoja loja) {
        return new Remetente(loja.nome(), loja.endereco(), loja.numero(), loja.complemento(), loja.bairro(),
                loja.cidade(), loja.uf(), loja.cep(), loja.telefone(), loja.cnpj());
    }

    /** In words, because the label is read by couriers and packers, not by integrators. */
    static String entrega(TipoEntrega tipo) {
        if (tipo == null) {
            return null;
        }
        return switch (tipo) {
            case DELIVERY -> "Entrega em domicílio";
            case BALCAO -> "Retirada no balcão";
            case MESA -> "Mesa";
        };
    }

    /**
     * The first authorised invoice in linking order, a goods invoice (NF-e, NFC-e) before a service one (NFS-e):
     * the goods invoice is the one that must travel with the parcel.
     */
    static NotaDoRotulo nota(List<NotaFiscalDoPedido> notas) {
        return notas.stream()
                    .filter(n -> EstadoDaNota.AUTORIZADA.equals(n.situacao()) && n.numero() != null)
                    .min(Comparator.comparing(n -> DadosNotaFiscal.NFSE.equals(n.modelo())))
                    .map(n -> new NotaDoRotulo(n.numero(), n.serie(), n.chave()))
                    .orElse(null);
    }

    /** The sum of weight times quantity, or null when any item has no weight: a partial sum would mislead. */
    static BigDecimal peso(List<ItemDoPedido> itens) {
        if (itens.isEmpty()) {
            return null;
        }
        BigDecimal total = BigDecimal.ZERO;
        for (ItemDoPedido item : itens) {
            BigDecimal peso = item.produto() == null ? null : item.produto().peso();
            if (peso == null || item.quantidade() == null) {
                return null;
            }
            total = total.add(peso.multiply(item.quantidade()));
        }
        return total;
    }

    /** "2 x Camiseta (Tamanho: M / Azul)": quantity as a person writes it, then the product and its variation. */
    static List<String> itens(List<ItemDoPedido> itens) {
        List<String> linhas = new ArrayList<>();
        for (ItemDoPedido item : itens) {
            String nome = item.produto() == null ? null : item.produto().nome();
            String variacao = variacao(item.variacao());
            String descricao = TextosDoRotulo.juntar(" ", nome, variacao == null ? null : "(" + variacao + ")");
            linhas.add(quantidade(item.quantidade()) + " x " + (descricao == null ? "" : descricao));
        }
        return linhas;
    }

    private static String variacao(VariacaoDoItem variacao) {
        if (variacao == null) {
            return null;
        }
        return TextosDoRotulo.juntar(": ", variacao.nome(),
                TextosDoRotulo.juntar(" / ", variacao.valor1(), variacao.valor2()));
    }

    /** 2 rather than 2.000, and 1,5 with the decimal comma of the people who read the label. */
    static String quantidade(BigDecimal quantidade) {
        if (quantidade == null) {
            return "?";
        }
        return quantidade.signum() == 0 ? "0" : quantidade.stripTrailingZeros().toPlainString().replace('.', ',');
    }
}
