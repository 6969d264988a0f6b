-- The event feed (GET /v1/eventos): every event of a webhook kind, per store, in the order the feed's processor
-- (feed-de-eventos) saw it commit, with the webhook body it renders to. Rows are only ever inserted, never
-- updated or deleted, and the table is never rebuilt: a posicao is a cursor that clients keep.
--
-- posicao is taken from the sequence while the inserting transaction holds a transaction-scoped advisory lock
-- (FeedDeEventos), so positions are handed out in commit order and a reader always sees a prefix of the feed: an
-- event that commits late gets a position after every one already visible, never one a client has passed.
-- Rolled-back or duplicate inserts leave holes in posicao, which mean nothing.
CREATE SEQUENCE evento_loja_posicao_seq INCREMENT BY 1 START WITH 1 CACHE 1;

CREATE TABLE evento_loja (
    posicao      BIGINT                   NOT NULL,
    id           VARCHAR(255)             NOT NULL, -- the domain event's identifier
    loja_id      VARCHAR(36)              NOT NULL,
    evento       VARCHAR(40)              NOT NULL, -- the webhook kind (pedido.criado, ...)
    criado_em    TIMESTAMP WITH TIME ZONE NOT NULL,
    global_index BIGINT                   NOT NULL, -- where the event stands in domain_event_entry
    -- the webhook body {"evento","criadoEm","dados"} byte for byte (jsonb would reorder keys and numbers)
    corpo        TEXT                     NOT NULL,
    CONSTRAINT evento_loja_pk PRIMARY KEY (posicao),
    CONSTRAINT evento_loja_id_uk UNIQUE (id)
);
ALTER SEQUENCE evento_loja_posicao_seq OWNED BY evento_loja.posicao;
-- Pages of one store; evento included so a filtered page's ETag is read from the index alone.
CREATE INDEX evento_loja_loja_idx ON evento_loja (loja_id, posicao) INCLUDE (evento);
