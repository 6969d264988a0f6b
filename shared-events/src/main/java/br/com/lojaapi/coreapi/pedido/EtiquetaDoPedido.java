package br.com.lojaapi.coreapi.pedido;

import java.time.Instant;
import java.util.List;

/** A carrier label as an order lists it in {@code etiquetasEnvio}: everything but the file, as GET of the label shows it. */
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
                               Instant atualizadoEm,
                               List<String> avisos,
                               long versao) {

    public EtiquetaDoPedido {
        avisos = avisos == null ? List.of() : List.copyOf(avisos);
    }
}
