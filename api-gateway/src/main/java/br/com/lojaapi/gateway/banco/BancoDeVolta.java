package br.com.lojaapi.gateway.banco;

import java.time.Duration;

/** Published once PostgreSQL answers again after an outage, with how long it was out of reach. */
public record BancoDeVolta(Duration fora) {
}
