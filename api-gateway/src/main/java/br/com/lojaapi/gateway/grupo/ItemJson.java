package br.com.lojaapi.gateway.grupo;

import br.com.lojaapi.coreapi.grupo.ItemComplemento;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;

@Schema(name = "ItemComplemento")
record ItemJson(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "Bacon", maxLength = 100) String nome,
                @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "3.5", minimum = "0") BigDecimal preco,
                @Schema(nullable = true, minimum = "0") Integer estoque,
                @Schema(nullable = true) Long codIntegracao) {

    ItemComplemento item() {
        return new ItemComplemento(nome, preco, estoque, codIntegracao);
    }

    static ItemJson de(ItemComplemento item) {
        return new ItemJson(item.nome(), item.preco(), item.estoque(), item.codIntegracao());
    }
}
