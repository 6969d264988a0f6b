-- Incremental sync orders each store's rows by global_index: the global index of the last event the projection
-- applied to the row (the event of the row's aggregate whose sequence number is the row's versao), written by the
-- projection with versao. It depends on the event store alone, so a rebuild of the read model writes the same
-- values and a cursor a client keeps survives it. Existing rows take it from the event store (a row without its
-- event, which is not expected, gets 0 and so comes first); the notification triggers stay quiet meanwhile, since
-- no writer waits on a migration.
DO $$
DECLARE
    tabela TEXT;
BEGIN
    FOREACH tabela IN ARRAY ARRAY['produto_view', 'pedido_view', 'cliente_view'] LOOP
        EXECUTE format('ALTER TABLE %I DISABLE TRIGGER %I', tabela, tabela || '_notifica');
        EXECUTE format('ALTER TABLE %I ADD COLUMN global_index BIGINT', tabela);
        EXECUTE format('UPDATE %I v SET global_index = e.global_index FROM domain_event_entry e'
                       ' WHERE e.aggregate_identifier = v.id AND e.sequence_number = v.versao', tabela);
        EXECUTE format('UPDATE %I SET global_index = 0 WHERE global_index IS NULL', tabela);
        EXECUTE format('ALTER TABLE %I ALTER COLUMN global_index SET NOT NULL', tabela);
        EXECUTE format('ALTER TABLE %I ENABLE TRIGGER %I', tabela, tabela || '_notifica');
        EXECUTE format('CREATE INDEX %I ON %I (loja_id, global_index)', tabela || '_indice_global_idx', tabela);
    END LOOP;
END $$;
