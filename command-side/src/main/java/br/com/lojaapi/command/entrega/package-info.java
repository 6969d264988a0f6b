/**
 * Webhook deliveries: an {@code Entrega} is one event sent to one webhook, with its attempts. Not the order's
 * delivery ({@code TipoEntrega}, {@code tipoEntrega}, {@code taxaEntrega}), which belongs to {@code command.pedido}.
 * <p>
 * The package and the names {@code Entrega} and {@code EntregaSaga} are stored, so a rename alone would break running
 * deliveries: the saga's fully qualified class name keys its rows in {@code saga_entry} and
 * {@code association_value_entry}, its deadline payload ({@code EntregaSaga.ProximaTentativa}) is stored by class
 * name in {@code scheduled_tasks}, and the aggregate's simple name is the {@code type} of its events. Other classes
 * here say {@code Webhook} in their names ({@code EntregadorDeWebhooks}, {@code ConfiguracaoDosWebhooks}).
 */
package br.com.lojaapi.command.entrega;
