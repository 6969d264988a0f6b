/**
 * Messages of webhook deliveries (an {@code Entrega} is one event sent to one webhook, with its attempts), not of
 * the order's delivery ({@code pedido.TipoEntrega}). The events' class names are their stored payload types, so the
 * package keeps its name.
 */
package br.com.lojaapi.coreapi.entrega;
