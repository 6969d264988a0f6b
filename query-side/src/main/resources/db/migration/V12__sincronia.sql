-- Incremental sync (GET /v1/produtos|pedidos|clientes?atualizadoDesde=...): a keyset over (atualizado_em, id) per
-- store, tombstones included. Non-unique, so a projection rebuild builds them on its copies in one pass before the
-- swap (Esquemas.finalizar) under these same names.
CREATE INDEX produto_view_sincronia_idx ON produto_view (loja_id, atualizado_em, id);
CREATE INDEX pedido_view_sincronia_idx ON pedido_view (loja_id, atualizado_em, id);
CREATE INDEX cliente_view_sincronia_idx ON cliente_view (loja_id, atualizado_em, id);
