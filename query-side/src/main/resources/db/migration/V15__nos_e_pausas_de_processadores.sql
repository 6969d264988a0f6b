-- The nodes sharing this database. Each running node renews its row every second (the database's clock); a row not
-- renewed for a few seconds is a node that stopped or died. The number of live rows is how many nodes share the
-- segments of each event processor (each claims its fair share), so it must come from here and not from the token
-- table: a node that has just started holds no claim yet and still counts.
CREATE TABLE no_em_execucao (
    id          VARCHAR(200)             NOT NULL,
    iniciado_em TIMESTAMP WITH TIME ZONE NOT NULL,
    visto_em    TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT no_em_execucao_pk PRIMARY KEY (id)
);

-- An event processor that every node must leave alone until ate (a rebuild's swap): while the row is there and ate
-- has not passed, no node claims a segment of it and those holding one release it. ate bounds a pause whose node
-- died before lifting it.
CREATE TABLE pausa_de_processador (
    processador VARCHAR(255)             NOT NULL,
    dono        VARCHAR(200)             NOT NULL,
    ate         TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pausa_de_processador_pk PRIMARY KEY (processador)
);
