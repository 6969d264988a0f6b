package br.com.lojaapi.gateway.grupo;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.grupo.AlteracaoGrupo;
import br.com.lojaapi.coreapi.grupo.TipoGrupo;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;
import java.util.Optional;

/** POST and PUT /grupos-complemento (absent: unchanged or default; null: refused, except nothing is nullable here). */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
@Schema(name = "CorpoDeGrupoComplemento", description = "Na criação, nome e itens (ao menos um) são obrigatórios. No "
        + "PUT, todos opcionais; itens, quando enviado, substitui a lista inteira.")
class CorpoDeGrupo {

    @Schema(implementation = String.class, example = "Adicionais", maxLength = 100) Optional<String> nome;
    @Schema(implementation = TipoGrupo.class, description = "Padrão SELECAO") Optional<TipoGrupo> tipo;
    @Schema(implementation = Boolean.class, description = "Padrão false") Optional<Boolean> obrigatoria;
    @Schema(implementation = Integer.class, minimum = "0", maximum = "1000000",
            description = "Padrão 1 se obrigatória, senão 0; não pode passar de maximo") Optional<Integer> minimo;
    @Schema(implementation = Integer.class, minimum = "0", maximum = "1000000",
            description = "Padrão 1 em SELECAO, senão o número de itens. Acima de 1 em SELECAO, ou acima do número de "
                    + "itens, é aceito (opções que se repetem) com um aviso")
    Optional<Integer> maximo;
    @Schema(implementation = Integer.class, minimum = "-1000000", maximum = "1000000") Optional<Integer> ordem;
    @ArraySchema(schema = @Schema(implementation = ItemJson.class), minItems = 1) Optional<List<ItemJson>> itens;

    AlteracaoGrupo alteracao() {
        return new AlteracaoGrupo(nome, tipo, obrigatoria, minimo, maximo, ordem,
                itens == null ? null : itens.map(lista -> lista.stream().map(item -> {
                    if (item == null) {
                        throw ErroDeNegocio.invalido("itens: cada item deve ser um objeto com nome e preco");
                    }
                    return item.item();
                }).toList()));
    }
}
