package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;
import java.util.List;

/** A product's own data, complete (never partial): what events carry and the read model stores. */
public record DadosProduto(String nome,
                           String descricao,
                           BigDecimal preco,
                           BigDecimal precoPromocional,
                           List<String> imagens,
                           String codigoBarras,
                           String sku,
                           String referencia,
                           Long codIntegracao,
                           boolean disponivel,
                           boolean destaque,
                           int ordem,
                           boolean controlaEstoque,
                           BigDecimal quantidadeEstoque,
                           BigDecimal estoqueMinimo,
                           String unidade,
                           BigDecimal multiploVenda,
                           BigDecimal peso,
                           BigDecimal altura,
                           BigDecimal largura,
                           BigDecimal comprimento,
                           String categoriaId,
                           List<String> gruposComplemento) {

    public DadosProduto {
        imagens = imagens == null ? List.of() : List.copyOf(imagens);
        gruposComplemento = gruposComplemento == null ? List.of() : List.copyOf(gruposComplemento);
    }
}
