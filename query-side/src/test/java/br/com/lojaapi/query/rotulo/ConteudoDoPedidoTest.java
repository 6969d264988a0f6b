package br.com.lojaapi.query.rotulo;

import br.com.lojaapi.coreapi.pedido.ItemDoPedido;
import br.com.lojaapi.coreapi.pedido.NotaFiscalDoPedido;
import br.com.lojaapi.coreapi.pedido.ProdutoDoItem;
import br.com.lojaapi.coreapi.pedido.TipoEntrega;
import br.com.lojaapi.coreapi.pedido.VariacaoDoItem;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The choices made from the order that the HTTP tests cannot all reach: invoice kinds, weights, wording. */
class ConteudoDoPedidoTest {

    private static final String CHAVE = "35250611222333000181550010000012341482135766";

    @Test
    void notaAutorizadaDeMercadoriaAntesDaDeServicoECanceladaNuncaEntra() {
        NotaFiscalDoPedido cancelada = nota("1", CHAVE, "55", "CANCELADA");
        NotaFiscalDoPedido servico = nota("77", null, "56", "AUTORIZADA");
        NotaFiscalDoPedido mercadoria = nota("1234", CHAVE, "55", "AUTORIZADA");
        NotaFiscalDoPedido segunda = nota("1235", CHAVE, "65", "AUTORIZADA");

        assertThat(ConteudoDoPedido.nota(List.of(cancelada, servico, mercadoria, segunda)))
                .isEqualTo(new NotaDoRotulo("1234", "1", CHAVE));
        assertThat(ConteudoDoPedido.nota(List.of(cancelada, servico))).isEqualTo(new NotaDoRotulo("77", null, null));
        assertThat(ConteudoDoPedido.nota(List.of(cancelada))).isNull();
        assertThat(ConteudoDoPedido.nota(List.of())).isNull();
    }

    @Test
    void pesoSomaPesoVezesQuantidadeSoQuandoTodosOsItensTemPeso() {
        ItemDoPedido cafe = item("Café", new BigDecimal("0.5"), "2.000", null);
        ItemDoPedido queijo = item("Queijo", new BigDecimal("1"), "0.750", null);
        ItemDoPedido cartao = item("Cartão", null, "1", null);

        assertThat(ConteudoDoPedido.peso(List.of(cafe, queijo))).isEqualByComparingTo("1.75");
        assertThat(ConteudoDoPedido.peso(List.of(cafe, cartao))).isNull();
        assertThat(ConteudoDoPedido.peso(List.of())).isNull();
    }

    @Test
    void itensComQuantidadeSemZerosAVirgulaEAVariacao() {
        VariacaoDoItem completa = new VariacaoDoItem("v", "Tamanho", "M", "Azul", null, null, null, null);
        VariacaoDoItem soNome = new VariacaoDoItem("v", "Moagem", "Fina", null, null, null, null, null);

        assertThat(ConteudoDoPedido.itens(List.of(item("Camiseta", null, "2.000", completa),
                item("Café", null, "1", soNome), item("Queijo", null, "1.500", null),
                item("Pão", null, "10", null))))
                .containsExactly("2 x Camiseta (Tamanho: M / Azul)", "1 x Café (Moagem: Fina)", "1,5 x Queijo",
                        "10 x Pão");
    }

    @Test
    void formaDeEntregaEmPalavras() {
        assertThat(ConteudoDoPedido.entrega(TipoEntrega.DELIVERY)).isEqualTo("Entrega em domicílio");
        assertThat(ConteudoDoPedido.entrega(TipoEntrega.BALCAO)).isEqualTo("Retirada no balcão");
        assertThat(ConteudoDoPedido.entrega(TipoEntrega.MESA)).isEqualTo("Mesa");
        assertThat(ConteudoDoPedido.entrega(null)).isNull();
    }

    private static NotaFiscalDoPedido nota(String numero, String chave, String modelo, String situacao) {
        return new NotaFiscalDoPedido("n-" + numero, chave, numero, chave == null ? null : "1", modelo, situacao,
                BigDecimal.TEN);
    }

    private static ItemDoPedido item(String nome, BigDecimal peso, String quantidade, VariacaoDoItem variacao) {
        ProdutoDoItem produto = new ProdutoDoItem("p", nome, null, null, null, List.of(), "UN", BigDecimal.ZERO, peso);
        return new ItemDoPedido("i", produto, variacao, new BigDecimal(quantidade), BigDecimal.ONE, null, null);
    }
}
