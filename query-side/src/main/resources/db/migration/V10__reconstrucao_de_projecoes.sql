-- Rebuilds of read models (POST /admin/projecoes/{nome}/replay): one row per projection, its latest rebuild.
-- The row is how nodes coordinate: the primary key makes a second rebuild of a running one a conflict, and the
-- node named in dono drives it (builds the copy, swaps it in) while it renews renovada_em; another node takes
-- over a rebuild whose lease ran out.
CREATE TABLE reconstrucao_projecao (
    nome         VARCHAR(100)             NOT NULL,
    estado       VARCHAR(20)              NOT NULL,
    esquema      VARCHAR(63)              NOT NULL,
    dono         VARCHAR(200),
    renovada_em  TIMESTAMP WITH TIME ZONE,
    iniciada_em  TIMESTAMP WITH TIME ZONE NOT NULL,
    concluida_em TIMESTAMP WITH TIME ZONE,
    eventos      BIGINT,
    erro         VARCHAR(500),
    CONSTRAINT reconstrucao_projecao_pk PRIMARY KEY (nome),
    CONSTRAINT reconstrucao_projecao_estado_ck CHECK (estado IN ('reconstruindo', 'concluida', 'falhou'))
);
