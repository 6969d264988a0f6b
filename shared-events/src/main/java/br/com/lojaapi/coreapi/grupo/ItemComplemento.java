package br.com.lojaapi.coreapi.grupo;

import java.math.BigDecimal;

public record ItemComplemento(String nome, BigDecimal preco, Integer estoque, Long codIntegracao) {
}
