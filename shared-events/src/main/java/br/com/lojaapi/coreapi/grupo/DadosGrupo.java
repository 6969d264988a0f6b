package br.com.lojaapi.coreapi.grupo;

import java.util.List;

public record DadosGrupo(String nome,
                         TipoGrupo tipo,
                         boolean obrigatoria,
                         int minimo,
                         int maximo,
                         int ordem,
                         List<ItemComplemento> itens) {

    public DadosGrupo {
        itens = itens == null ? List.of() : List.copyOf(itens);
    }
}
