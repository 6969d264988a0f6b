-- A store's webhook delivery portal (decision 077): links made by POST /v1/webhooks/portal with a store token. Like
-- tokens, only the SHA-256 of a link's secret is kept; the link acts as the token that made it (its store, its
-- quota), so a revoked token takes its links with it, and nothing here names a store that could be changed.
CREATE TABLE portal_de_webhooks (
    hash      BYTEA                    NOT NULL,
    token_id  VARCHAR(36)              NOT NULL,
    criado_em TIMESTAMP WITH TIME ZONE NOT NULL,
    expira_em TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT portal_de_webhooks_pk PRIMARY KEY (hash),
    CONSTRAINT portal_de_webhooks_token_fk FOREIGN KEY (token_id) REFERENCES api_token (id) ON DELETE CASCADE
);
-- Expired links are deleted when new ones are made.
CREATE INDEX portal_de_webhooks_expira_idx ON portal_de_webhooks (expira_em);
