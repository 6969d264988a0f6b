-- Idempotency-Key on POST and PATCH of /v1: one row per store and key. The primary key is what arbitrates between
-- two requests with one key, on any node: the one whose INSERT creates the row runs, the other is told 409 (still
-- running), 422 (another request) or gets the stored response. impressao is a SHA-256 of the method, path, query,
-- media type and body (JSON canonical, multipart by parts), so a retry is recognised and a different request is
-- not. dono is the claim of the request that runs: only it may store its response or release the row.
-- efetivada is set inside the transaction of each command the request sends, so it is true exactly when the
-- request changed something: a claim left behind by a node that died is run again only if it is still false.
CREATE TABLE idempotencia (
    loja_id    VARCHAR(36)              NOT NULL,
    chave      VARCHAR(255)             NOT NULL,
    impressao  BYTEA                    NOT NULL,
    estado     VARCHAR(12)              NOT NULL,
    dono       VARCHAR(36)              NOT NULL,
    efetivada  BOOLEAN                  NOT NULL DEFAULT FALSE,
    status     INTEGER,
    cabecalhos JSONB,
    corpo      BYTEA,
    criada_em  TIMESTAMP WITH TIME ZONE NOT NULL,
    expira_em  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT idempotencia_pk PRIMARY KEY (loja_id, chave),
    CONSTRAINT idempotencia_estado_ck CHECK (estado IN ('em_andamento', 'concluida')),
    CONSTRAINT idempotencia_resposta_ck CHECK (estado = 'em_andamento' OR status IS NOT NULL)
);
CREATE INDEX idempotencia_expira_idx ON idempotencia (expira_em);
