package br.com.lojaapi.coreapi.produto;

import java.math.BigDecimal;

/** A variation's data, complete. */
public record DadosVariacao(String nome,
                            String valor1,
                            String valor2,
                            BigDecimal preco,
                            String sku,
                            String codigoBarras,
                            Long codIntegracao,
                            BigDecimal quantidadeEstoque,
                            BigDecimal estoqueMinimo) {
}
