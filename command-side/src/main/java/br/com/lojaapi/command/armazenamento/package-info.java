/**
 * The command side's storage engines, which api-gateway wires ({@code ConfiguracaoAxon}, {@code ConfiguracaoDeObjetos}):
 * Axon's JDBC event storage on PostgreSQL, loading an aggregate (or several, {@code LeituraAntecipada}) in one query
 * and reading a duplicate key as a conflict; and the object storage ({@code Armazenamento}) on any S3 through the
 * MinIO client, or on the embedded s3proxy under {@code DATA_DIR}.
 */
package br.com.lojaapi.command.armazenamento;
