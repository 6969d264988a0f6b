package br.com.lojaapi.coreapi.grupo;

import java.util.List;
import java.util.Optional;

/** Partial group data: null is "not sent", {@code Optional.empty()} an explicit null. {@code itens} replaces the list. */
public record AlteracaoGrupo(Optional<String> nome,
                             Optional<TipoGrupo> tipo,
                             Optional<Boolean> obrigatoria,
                             Optional<Integer> minimo,
                             Optional<Integer> maximo,
                             Optional<Integer> ordem,
                             Optional<List<ItemComplemento>> itens) {
}
