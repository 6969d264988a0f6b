package br.com.lojaapi.coreapi.entrega;

import java.util.List;

public record PaginaDeTentativas(List<TentativaDeEntregaView> tentativas, long total) {
}
