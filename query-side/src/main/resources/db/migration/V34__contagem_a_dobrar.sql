-- The fold of the order counts (ContagemDePedidos, decision 092) found the stores and statuses to fold by grouping
-- the whole of pedido_contagem: a sequential scan of one row per store and status, every 5 s on every node, however
-- few had changed (CENARIOS=varreduras saw it beside 100,000 stores). The rows the triggers add are now marked as not
-- yet folded, and a partial index holds only those, so a fold reads what changed since the last one. Existing rows
-- take the mark too and are folded once.
ALTER TABLE pedido_contagem ADD COLUMN dobrada BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX pedido_contagem_a_dobrar_idx ON pedido_contagem (loja_id, status) WHERE NOT dobrada;
