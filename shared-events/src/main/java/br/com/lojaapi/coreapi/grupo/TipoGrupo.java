package br.com.lojaapi.coreapi.grupo;

/** One option ({@code SELECAO}) or several ({@code MULTIPLA}). */
public enum TipoGrupo {
    SELECAO,
    MULTIPLA
}
