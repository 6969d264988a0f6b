package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.VariacaoView;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;

@Schema(name = "Variacao")
record VariacaoJson(String id, String produtoId, String nome, String valor1, @Schema(nullable = true) String valor2,
                    @Schema(nullable = true) BigDecimal preco, @Schema(nullable = true) String sku,
                    @Schema(nullable = true) String codigoBarras, @Schema(nullable = true) Long codIntegracao,
                    BigDecimal quantidadeEstoque,
                    BigDecimal estoqueMinimo,
                    @Schema(description = "Versão do produto dono da variação (extensão)") long versao) {

    static VariacaoJson de(VariacaoView view) {
        DadosVariacao d = view.dados();
        return new VariacaoJson(view.id(), view.produtoId(), d.nome(), d.valor1(), d.valor2(), d.preco(), d.sku(),
                d.codigoBarras(), d.codIntegracao(), d.quantidadeEstoque(), d.estoqueMinimo(), view.versao());
    }
}
