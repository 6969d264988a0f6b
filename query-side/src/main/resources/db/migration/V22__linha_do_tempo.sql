-- What a node found missing when the database went back in time: a standby promoted without the last commits of
-- the old primary (asynchronous replication), or a restore from a backup. cabeca is the newest event the database
-- holds; marca the newest this node had read from it before; eventos lists those of the lost ones the node still
-- remembered (global index, aggregate type and id, sequence number, event type), at most lembrados of them. motivo:
-- EM_EXECUCAO (a running node met the older database on a new connection and stopped, to restart from it) or PARTIDA
-- (a starting node found processor positions past the head and set them back to it; no event is listed then).
-- Written by the node before it writes anything else to that database; read by operators at /admin/linha-do-tempo.
CREATE TABLE linha_do_tempo_perdida (
    id          BIGSERIAL                NOT NULL,
    detectada_em TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    no          VARCHAR(200)             NOT NULL,
    motivo      VARCHAR(20)              NOT NULL,
    cabeca      BIGINT                   NOT NULL,
    marca       BIGINT                   NOT NULL,
    perdidos    BIGINT                   NOT NULL,
    eventos     JSONB                    NOT NULL,
    truncada    BOOLEAN                  NOT NULL,
    CONSTRAINT linha_do_tempo_perdida_pk PRIMARY KEY (id)
);
