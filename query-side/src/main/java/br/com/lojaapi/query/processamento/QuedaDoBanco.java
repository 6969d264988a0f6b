package br.com.lojaapi.query.processamento;

/**
 * What the side's background work asks of the application's watch on PostgreSQL (api-gateway's database
 * availability): whether the database being out of reach explains a failure. Such a failure is left to the watch,
 * which logs an outage once; anything else is the caller's to report.
 */
@FunctionalInterface
public interface QuedaDoBanco {

    boolean explica(Throwable falha);
}
