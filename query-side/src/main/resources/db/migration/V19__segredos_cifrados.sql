-- Webhook secrets encrypted at rest (decision 069). The key that opens them is never in the database: each webhook
-- has a data key of its own (AES-256), kept here wrapped (AES-GCM) by a master key that lives in SECRETS_KEY or in
-- DATA_DIR/secrets-key, named by chave_mestra (an id derived from the master key), so that master keys can be
-- rotated by re-wrapping these rows alone. The secret itself is sealed under the data key wherever it is kept: the
-- WebhookCriadoEvent (segredoCifrado), webhook_destino.segredo_cifrado, and the stored answer of a creation sent
-- with an Idempotency-Key. Removing a webhook deletes its row here in the removal's own transaction: every copy of
-- its secret, the append-only event's included, can never be opened again (crypto-shredding).
CREATE TABLE chave_de_webhook (
    webhook_id    VARCHAR(36)              NOT NULL,
    loja_id       VARCHAR(36)              NOT NULL,
    chave_mestra  VARCHAR(16)              NOT NULL,
    chave_cifrada BYTEA                    NOT NULL,
    criada_em     TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    CONSTRAINT chave_de_webhook_pk PRIMARY KEY (webhook_id)
);
-- Re-wrapping after a rotation looks for the rows of the other master keys.
CREATE INDEX chave_de_webhook_mestra_idx ON chave_de_webhook (chave_mestra);

-- segredo (in clear) is what the previous version wrote and reads; this one writes segredo_cifrado and leaves
-- segredo NULL, and its sweep (SegredosEmClaro) encrypts what the previous version wrote, at start-up and every
-- minute while nodes of both versions run. segredo goes in a later migration.
ALTER TABLE webhook_destino ADD COLUMN segredo_cifrado TEXT;
ALTER TABLE webhook_destino ALTER COLUMN segredo DROP NOT NULL;
CREATE INDEX webhook_destino_em_claro_idx ON webhook_destino (webhook_id) WHERE segredo IS NOT NULL;
-- A webhook removed by a node of the previous version keeps its data key and sealed secret: the sweep deletes them.
CREATE INDEX webhook_destino_removido_cifrado_idx ON webhook_destino (webhook_id)
    WHERE removido_em IS NOT NULL AND segredo_cifrado IS NOT NULL;

-- A stored answer that shows a webhook's secret (the creation's 201) is kept sealed under that webhook's data key
-- (selada_por: the webhook; corpo_selado: the body; corpo NULL), so the webhook's removal destroys it too.
-- formato 2: stored by this version; 1: by the previous one, which may have kept a secret in clear in corpo, so
-- the sweep looks at it once.
ALTER TABLE idempotencia
    ADD COLUMN selada_por   VARCHAR(36),
    ADD COLUMN corpo_selado BYTEA,
    ADD COLUMN formato      SMALLINT NOT NULL DEFAULT 1;
CREATE INDEX idempotencia_formato_antigo_idx ON idempotencia (loja_id, chave) WHERE formato = 1;
