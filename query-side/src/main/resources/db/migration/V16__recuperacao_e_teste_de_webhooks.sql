-- Recoveries of a webhook's failed deliveries (POST /v1/webhooks/{id}/recuperar) and test deliveries
-- (POST /v1/webhooks/{id}/teste).

-- Command side: the recovery each webhook has running, written in the transaction of the event that starts it. The
-- webhook is the key, so two recoveries started at once (on any nodes) cannot both commit. Each delivery it re-sends
-- has a row until one of its series ends; the recovery ends with the last (pendentes reaching 0), or stops blocking
-- the next one at valida_ate.
CREATE TABLE webhook_recuperacao (
    webhook_id     VARCHAR(36)              NOT NULL,
    recuperacao_id VARCHAR(36)              NOT NULL,
    pendentes      INT                      NOT NULL,
    valida_ate     TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT webhook_recuperacao_pk PRIMARY KEY (webhook_id),
    CONSTRAINT webhook_recuperacao_id_uk UNIQUE (recuperacao_id)
);

CREATE TABLE webhook_recuperacao_entrega (
    entrega_id     VARCHAR(36) NOT NULL,
    recuperacao_id VARCHAR(36) NOT NULL,
    CONSTRAINT webhook_recuperacao_entrega_pk PRIMARY KEY (entrega_id),
    CONSTRAINT webhook_recuperacao_entrega_fk FOREIGN KEY (recuperacao_id)
        REFERENCES webhook_recuperacao (recuperacao_id) ON DELETE CASCADE
);
CREATE INDEX webhook_recuperacao_entrega_rec_idx ON webhook_recuperacao_entrega (recuperacao_id);

-- Read model: a test delivery is listed in the log like any other, but a recovery never re-sends it.
ALTER TABLE entrega_view ADD COLUMN teste BOOLEAN NOT NULL DEFAULT FALSE;
-- A recovery looks through the webhook's deliveries for those whose last attempt failed.
CREATE INDEX entrega_view_webhook_idx ON entrega_view (webhook_id);
