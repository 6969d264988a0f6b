-- The event model each running node writes and reads (NosEmExecucao.MODELO). A node of an earlier version leaves it
-- NULL. A node starts only when no live node has an earlier model: since decision 075 a delivery's start and its
-- successful attempt say more than before, and a node of the earlier model that sends a delivery started by this
-- version cannot record it.
ALTER TABLE no_em_execucao ADD COLUMN modelo INTEGER;
