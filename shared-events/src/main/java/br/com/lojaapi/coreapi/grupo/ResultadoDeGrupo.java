package br.com.lojaapi.coreapi.grupo;

import java.util.List;

/** What a group command answers: the version it produced and warnings on selection rules kept as sent. */
public record ResultadoDeGrupo(long versao, List<String> avisos) {

    public ResultadoDeGrupo {
        avisos = List.copyOf(avisos);
    }
}
