package br.com.lojaapi.coreapi.pedido;

import java.time.Instant;

/** A carrier label as an order lists it in {@code etiquetasEnvio}: everything but the file. */
public record EtiquetaDoPedido(String id,
                               String transportadora,
                               String servico,
                               String codigoRastreio,
                               String urlRastreio,
                               Integer volume,
                               String formato,
                               long tamanhoBytes,
                               String origem,
                               Instant criadoEm,
                               Instant atualizadoEm) {
}
