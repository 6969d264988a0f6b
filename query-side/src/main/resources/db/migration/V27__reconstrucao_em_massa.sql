-- A rebuild's bulk load (decision 078): the global index up to which it has written the copy, while it runs, so
-- that GET /admin/projecoes shows its progress on any node before the copy's processor has tokens of its own.
ALTER TABLE reconstrucao_projecao ADD COLUMN em_massa_ate BIGINT;
