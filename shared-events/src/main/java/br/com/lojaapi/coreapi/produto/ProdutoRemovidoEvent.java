package br.com.lojaapi.coreapi.produto;

import java.time.Instant;

/** Soft removal; carries the {@code produto.removido} payload: id, nome, sku, codIntegracao, removidoEm. */
public record ProdutoRemovidoEvent(String produtoId,
                                   String lojaId,
                                   String nome,
                                   String sku,
                                   Long codIntegracao,
                                   Instant removidoEm) {
}
