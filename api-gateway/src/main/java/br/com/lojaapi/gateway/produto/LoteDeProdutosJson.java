package br.com.lojaapi.gateway.produto;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/** The answer of POST /produtos/lote: one result per element, in the order sent. */
@Schema(name = "LoteDeProdutosGravado")
record LoteDeProdutosJson(@Schema(description = "Um por elemento enviado, na mesma ordem")
                          List<ResultadoNoLote> resultados) {
}
