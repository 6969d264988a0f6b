-- The webhook send queue of its own (decision 072), in place of one db-scheduler execution per attempt. A row is one
-- attempt due: written in the transaction of the event that scheduled it (TentativaAgendadaEvent), claimed by one
-- node for a lease (tomado_por, tomado_ate), and deleted in the transaction that records its outcome. A row whose
-- lease ran out (its node died mid-call) is claimed again by any node. evento and corpo are copied from the delivery's
-- start when the first attempt is queued, so sending needs no read of the event store; NULL for later attempts,
-- whose sender reads them from the delivery's events.
CREATE TABLE webhook_envio (
    id          VARCHAR(120)             NOT NULL,
    entrega_id  VARCHAR(36)              NOT NULL,
    serie       INTEGER                  NOT NULL,
    tentativa   INTEGER                  NOT NULL,
    webhook_id  VARCHAR(36)              NOT NULL,
    loja_id     VARCHAR(36)              NOT NULL,
    evento      VARCHAR(64),
    corpo       TEXT,
    devido_em   TIMESTAMP WITH TIME ZONE NOT NULL,
    tomado_por  VARCHAR(120),
    tomado_ate  TIMESTAMP WITH TIME ZONE,
    CONSTRAINT webhook_envio_pk PRIMARY KEY (id)
);
-- The claim walks the endpoints that have rows nobody holds (a loose index scan on webhook_id) and takes each one's
-- oldest due rows, so an endpoint's backlog never queues ahead of another endpoint's fresh attempt. Held rows have
-- an index of their own: the claim counts an endpoint's calls in flight (a lease of twice WEBHOOK_TIMEOUT + 5 s; a
-- row whose call ended waits for its record under a longer one, past that range) and frees rows whose lease ran
-- out. Both are partial, so neither walks the other's rows, and a row moves between them on claim.
CREATE INDEX webhook_envio_livres_idx ON webhook_envio (webhook_id, devido_em) WHERE tomado_por IS NULL;
CREATE INDEX webhook_envio_tomados_idx ON webhook_envio (webhook_id, tomado_ate) WHERE tomado_por IS NOT NULL;
CREATE INDEX webhook_envio_prazo_idx ON webhook_envio (tomado_ate) WHERE tomado_por IS NOT NULL;
-- Every row is inserted, updated once or twice and deleted within seconds: vacuum it early.
ALTER TABLE webhook_envio SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000,
                               autovacuum_vacuum_cost_delay = 0);

-- Each endpoint's health, shared by the nodes: consecutive failures (and when the first of them ended), last success
-- and failure, and its circuit. aberto_desde NULL: the circuit is closed. Open: nothing of the endpoint is claimed
-- but one probe at a time, when sonda_em has passed; the first success closes it.
CREATE TABLE webhook_saude (
    webhook_id      VARCHAR(36)              NOT NULL,
    loja_id         VARCHAR(36)              NOT NULL,
    falhas_seguidas INTEGER                  NOT NULL DEFAULT 0,
    ultimo_sucesso  TIMESTAMP WITH TIME ZONE,
    ultima_falha    TIMESTAMP WITH TIME ZONE,
    falhando_desde  TIMESTAMP WITH TIME ZONE,
    aberto_desde    TIMESTAMP WITH TIME ZONE,
    sonda_em        TIMESTAMP WITH TIME ZONE,
    CONSTRAINT webhook_saude_pk PRIMARY KEY (webhook_id)
);
CREATE INDEX webhook_saude_loja_idx ON webhook_saude (loja_id);
CREATE INDEX webhook_saude_aberto_idx ON webhook_saude (sonda_em) WHERE aberto_desde IS NOT NULL;
