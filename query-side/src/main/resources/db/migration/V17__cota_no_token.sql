-- A token's quotas live on its own row, so that one statement per request finds the token, checks that it is not
-- revoked, takes from its quotas and counts its use (decision 059): one window per token, begun by its first
-- request and begun again by the first request after it ends, with what is left of the requests and of the writes
-- in it. NULL until the token's first request.
ALTER TABLE api_token
    ADD COLUMN janela_fim        TIMESTAMP WITH TIME ZONE,
    ADD COLUMN restantes_total   BIGINT,
    ADD COLUMN restantes_escrita BIGINT;

-- limite_requisicoes (Bucket4j's buckets) is no longer read by this version; it stays for the nodes of the previous
-- one while they are replaced, and goes in a later migration.
