-- The claim counts each endpoint's calls in flight through webhook_envio_tomados_idx (webhook_id, tomado_ate). With
-- webhook_envio_prazo_idx (tomado_ate) beside it, the planner counted through that one instead under a fan-out: for
-- every endpoint it walked every endpoint's held rows in the lease's range, and the dead index entries of every
-- claim since the last vacuum, filtering on webhook_id. With 70 endpoints and 600 calls in flight a claim read 37,000
-- buffers and took 60 ms, half of PostgreSQL's time in the bench, and grew with endpoints times calls. The lease
-- sweep (once a second per node) reads the small partial index tomados_idx whole instead.
DROP INDEX webhook_envio_prazo_idx;
