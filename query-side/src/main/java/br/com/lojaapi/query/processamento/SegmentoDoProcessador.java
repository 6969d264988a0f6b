package br.com.lojaapi.query.processamento;

/** One segment of a processor: the node that holds its claim (none: free, or about to be claimed), and its position. */
public record SegmentoDoProcessador(int segmento, String dono, Long posicao) {
}
