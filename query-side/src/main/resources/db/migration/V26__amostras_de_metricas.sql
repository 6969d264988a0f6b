-- The operators' console's last hour (decision 076): every node samples its own metrics registry every
-- CONSOLE_SAMPLE_INTERVAL and writes one row of what happened since its previous sample, so whichever node serves the
-- console shows the whole cluster. Rows older than an hour are deleted by the node that writes the next one.
CREATE TABLE amostra_de_metricas (
    no                VARCHAR(200)     NOT NULL,
    em                TIMESTAMPTZ      NOT NULL,
    -- the interval the counts cover, in seconds
    segundos          DOUBLE PRECISION NOT NULL,
    requisicoes       BIGINT           NOT NULL,
    pedidos           BIGINT           NOT NULL,
    entregas          BIGINT           NOT NULL,
    entregas_falhas   BIGINT           NOT NULL,
    -- the store API's p99 latency over the interval (upper bound of its histogram bucket); NULL with no request
    p99_ms            DOUBLE PRECISION,
    -- the largest lag of the event processors, in events, at the sample
    atraso            BIGINT,
    CONSTRAINT amostra_de_metricas_pk PRIMARY KEY (no, em)
);

CREATE INDEX amostra_de_metricas_em ON amostra_de_metricas (em);
