-- The resource a request with an Idempotency-Key created or changed (its id and the address a GET reads it at), set
-- with efetivada inside the transaction of the request's commands: a retry told that the response was lost (409)
-- is told where to look instead. NULL for a request that names no single resource (a batch) and for rows written
-- before this version.
ALTER TABLE idempotencia
    ADD COLUMN recurso_id    VARCHAR(36),
    ADD COLUMN recurso_local VARCHAR(300);
