-- Incremental sync orders each store's rows by global_index: the global index of the last event the projection
-- applied to the row (the event of the row's aggregate whose sequence number is the row's versao), written by the
-- projection with versao. It depends on the event store alone, so a rebuild of the read model writes the same
-- values and a cursor a client keeps survives it. Existing rows take it from the event store; the notification
-- triggers stay quiet meanwhile (no writer waits on a migration).
ALTER TABLE produto_view DISABLE TRIGGER produto_view_notifica;
ALTER TABLE produto_view ADD COLUMN global_index BIGINT;
UPDATE produto_view v SET global_index = e.global_index FROM domain_event_entry e
 WHERE e.aggregate_identifier = v.id AND e.sequence_number = v.versao;
-- a row without its event (none is expected) goes before every other: a sync from the beginning still lists it
UPDATE produto_view SET global_index = 0 WHERE global_index IS NULL;
ALTER TABLE produto_view ALTER COLUMN global_index SET NOT NULL;
ALTER TABLE produto_view ENABLE TRIGGER produto_view_notifica;
CREATE INDEX produto_view_indice_global_idx ON produto_view (loja_id, global_index);

ALTER TABLE pedido_view DISABLE TRIGGER pedido_view_notifica;
ALTER TABLE pedido_view ADD COLUMN global_index BIGINT;
UPDATE pedido_view v SET global_index = e.global_index FROM domain_event_entry e
 WHERE e.aggregate_identifier = v.id AND e.sequence_number = v.versao;
UPDATE pedido_view SET global_index = 0 WHERE global_index IS NULL;
ALTER TABLE pedido_view ALTER COLUMN global_index SET NOT NULL;
ALTER TABLE pedido_view ENABLE TRIGGER pedido_view_notifica;
CREATE INDEX pedido_view_indice_global_idx ON pedido_view (loja_id, global_index);

ALTER TABLE cliente_view DISABLE TRIGGER cliente_view_notifica;
ALTER TABLE cliente_view ADD COLUMN global_index BIGINT;
UPDATE cliente_view v SET global_index = e.global_index FROM domain_event_entry e
 WHERE e.aggregate_identifier = v.id AND e.sequence_number = v.versao;
UPDATE cliente_view SET global_index = 0 WHERE global_index IS NULL;
ALTER TABLE cliente_view ALTER COLUMN global_index SET NOT NULL;
ALTER TABLE cliente_view ENABLE TRIGGER cliente_view_notifica;
CREATE INDEX cliente_view_indice_global_idx ON cliente_view (loja_id, global_index);
