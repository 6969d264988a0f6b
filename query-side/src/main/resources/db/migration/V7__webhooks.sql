-- Outgoing webhooks and their deliveries.

-- Command side: where and how to deliver, kept in the command's transaction. The dispatcher reads it for every
-- event (which webhooks of the store subscribe to this kind), and the sender for every attempt (url, secret;
-- a removed webhook stops its pending attempts). The secret is an HMAC key, so it is kept as is, never returned.
CREATE TABLE webhook_destino (
    webhook_id  VARCHAR(36)              NOT NULL,
    loja_id     VARCHAR(36)              NOT NULL,
    url         VARCHAR(2000)            NOT NULL,
    segredo     VARCHAR(60)              NOT NULL,
    eventos     TEXT[]                   NOT NULL,
    criado_em   TIMESTAMP WITH TIME ZONE NOT NULL,
    removido_em TIMESTAMP WITH TIME ZONE,
    CONSTRAINT webhook_destino_pk PRIMARY KEY (webhook_id)
);
CREATE INDEX webhook_destino_loja_idx ON webhook_destino (loja_id) WHERE removido_em IS NULL;

-- Read model of webhooks (GET /webhooks); removed ones stay as tombstones so their delivery log stays readable.
CREATE TABLE webhook_view (
    id             VARCHAR(36)              NOT NULL,
    loja_id        VARCHAR(36)              NOT NULL,
    nome           VARCHAR(200)             NOT NULL,
    url            VARCHAR(2000)            NOT NULL,
    eventos        TEXT[]                   NOT NULL,
    ultima_entrega TIMESTAMP WITH TIME ZONE,
    criado_em      TIMESTAMP WITH TIME ZONE NOT NULL,
    removido_em    TIMESTAMP WITH TIME ZONE,
    versao         BIGINT                   NOT NULL,
    CONSTRAINT webhook_view_pk PRIMARY KEY (id)
);
CREATE INDEX webhook_view_loja_idx ON webhook_view (loja_id, criado_em, id);
CREATE TRIGGER webhook_view_notifica AFTER INSERT OR UPDATE OR DELETE ON webhook_view
    FOR EACH ROW EXECUTE FUNCTION notificar_leitura_atualizada('WEBHOOK');

-- Read model of the delivery log: each delivery with its payload, and each attempt of it.
CREATE TABLE entrega_view (
    id          VARCHAR(36)              NOT NULL,
    loja_id     VARCHAR(36)              NOT NULL,
    webhook_id  VARCHAR(36)              NOT NULL,
    evento      VARCHAR(40)              NOT NULL,
    payload     TEXT                     NOT NULL,
    serie       INT                      NOT NULL,
    situacao    VARCHAR(10)              NOT NULL,
    iniciada_em TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT entrega_view_pk PRIMARY KEY (id)
);

CREATE TABLE entrega_tentativa_view (
    entrega_id           VARCHAR(36)              NOT NULL,
    serie                INT                      NOT NULL,
    tentativa            INT                      NOT NULL,
    loja_id              VARCHAR(36)              NOT NULL,
    webhook_id           VARCHAR(36)              NOT NULL,
    sucesso              BOOLEAN                  NOT NULL,
    status_http          INT,
    duracao_ms           BIGINT                   NOT NULL,
    resposta             TEXT,
    erro                 TEXT,
    enviado_em           TIMESTAMP WITH TIME ZONE NOT NULL,
    proxima_tentativa_em TIMESTAMP WITH TIME ZONE,
    CONSTRAINT entrega_tentativa_view_pk PRIMARY KEY (entrega_id, serie, tentativa)
);
CREATE INDEX entrega_tentativa_view_webhook_idx
    ON entrega_tentativa_view (webhook_id, enviado_em DESC, entrega_id, serie DESC, tentativa DESC);
