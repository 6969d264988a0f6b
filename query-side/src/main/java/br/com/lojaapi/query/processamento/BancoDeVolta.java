package br.com.lojaapi.query.processamento;

import java.time.Duration;

/**
 * Published by the application's watch on PostgreSQL (api-gateway's database availability, as {@link QuedaDoBanco})
 * once the database answers again after an outage, with how long it was out of reach: the processors go back to work
 * on it ({@link RetomadaDosProcessadores}).
 */
public record BancoDeVolta(Duration fora) {
}
