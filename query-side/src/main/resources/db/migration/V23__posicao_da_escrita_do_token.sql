-- Read-your-writes across read replicas (decision 074): the primary's WAL position at the end of the token's last
-- write (a non-GET request answered 2xx). The per-request statement that checks the token and charges its quota
-- returns it, so a node knows, without another statement, which replicas have replayed that write. Written only when
-- DATABASE_REPLICA_URLS is set; NULL for a token that never wrote since.
ALTER TABLE api_token ADD COLUMN lsn_escrita pg_lsn;
