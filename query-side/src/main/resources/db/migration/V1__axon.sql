-- Axon Framework infrastructure on PostgreSQL, owned by Flyway (Axon's JDBC components never create tables here).
-- Payloads, metadata, tokens and sagas are bytea: never oid large objects.

-- The global index has a sequence of its own that hands out one value at a time. Streaming processors treat a
-- missing index as a gap that may still commit, so pre-allocated blocks (Hibernate's default of 50) would break
-- ordering across nodes.
CREATE SEQUENCE domain_event_entry_global_index_seq INCREMENT BY 1 START WITH 1 CACHE 1;

CREATE TABLE domain_event_entry (
    global_index         BIGINT       NOT NULL DEFAULT nextval('domain_event_entry_global_index_seq'),
    aggregate_identifier VARCHAR(255) NOT NULL,
    sequence_number      BIGINT       NOT NULL,
    type                 VARCHAR(255),
    event_identifier     VARCHAR(255) NOT NULL,
    meta_data            BYTEA,
    payload              BYTEA        NOT NULL,
    payload_revision     VARCHAR(255),
    payload_type         VARCHAR(255) NOT NULL,
    time_stamp           VARCHAR(255) NOT NULL,
    CONSTRAINT domain_event_entry_pk PRIMARY KEY (global_index),
    CONSTRAINT domain_event_entry_aggregate_seq_uk UNIQUE (aggregate_identifier, sequence_number),
    CONSTRAINT domain_event_entry_event_id_uk UNIQUE (event_identifier)
);
ALTER SEQUENCE domain_event_entry_global_index_seq OWNED BY domain_event_entry.global_index;

CREATE TABLE snapshot_event_entry (
    aggregate_identifier VARCHAR(255) NOT NULL,
    sequence_number      BIGINT       NOT NULL,
    type                 VARCHAR(255) NOT NULL,
    event_identifier     VARCHAR(255) NOT NULL,
    meta_data            BYTEA,
    payload              BYTEA        NOT NULL,
    payload_revision     VARCHAR(255),
    payload_type         VARCHAR(255) NOT NULL,
    time_stamp           VARCHAR(255) NOT NULL,
    CONSTRAINT snapshot_event_entry_pk PRIMARY KEY (aggregate_identifier, sequence_number),
    CONSTRAINT snapshot_event_entry_event_id_uk UNIQUE (event_identifier)
);

CREATE TABLE token_entry (
    processor_name VARCHAR(255) NOT NULL,
    segment        INTEGER      NOT NULL,
    token          BYTEA,
    token_type     VARCHAR(255),
    timestamp      VARCHAR(255),
    owner          VARCHAR(255),
    CONSTRAINT token_entry_pk PRIMARY KEY (processor_name, segment)
);

CREATE TABLE saga_entry (
    saga_id         VARCHAR(255) NOT NULL,
    revision        VARCHAR(255),
    saga_type       VARCHAR(255),
    serialized_saga BYTEA,
    CONSTRAINT saga_entry_pk PRIMARY KEY (saga_id)
);

CREATE TABLE association_value_entry (
    id                BIGSERIAL    NOT NULL,
    association_key   VARCHAR(255) NOT NULL,
    association_value VARCHAR(255),
    saga_id           VARCHAR(255) NOT NULL,
    saga_type         VARCHAR(255),
    CONSTRAINT association_value_entry_pk PRIMARY KEY (id)
);
CREATE INDEX association_value_entry_saga_idx ON association_value_entry (saga_type, association_key, association_value);
CREATE INDEX association_value_entry_saga_id_idx ON association_value_entry (saga_id, saga_type);

-- Persistent deadlines (db-scheduler's own layout).
CREATE TABLE scheduled_tasks (
    task_name            TEXT                     NOT NULL,
    task_instance        TEXT                     NOT NULL,
    task_data            BYTEA,
    execution_time       TIMESTAMP WITH TIME ZONE NOT NULL,
    picked               BOOLEAN                  NOT NULL,
    picked_by            TEXT,
    last_success         TIMESTAMP WITH TIME ZONE,
    last_failure         TIMESTAMP WITH TIME ZONE,
    consecutive_failures INT,
    last_heartbeat       TIMESTAMP WITH TIME ZONE,
    version              BIGINT                   NOT NULL,
    priority             SMALLINT,
    CONSTRAINT scheduled_tasks_pk PRIMARY KEY (task_name, task_instance)
);
CREATE INDEX scheduled_tasks_execution_time_idx ON scheduled_tasks (execution_time);
CREATE INDEX scheduled_tasks_last_heartbeat_idx ON scheduled_tasks (last_heartbeat);
CREATE INDEX scheduled_tasks_priority_execution_time_idx ON scheduled_tasks (priority DESC, execution_time ASC);

-- Every node LISTENs on this channel and wakes its event processors at once, instead of waiting for the next
-- poll: a write on one node reaches the projections owned by another within milliseconds. NOTIFY is delivered
-- at commit and collapsed per transaction.
CREATE FUNCTION notificar_eventos_novos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('eventos_novos', '');
    RETURN NULL;
END $$;

CREATE TRIGGER domain_event_entry_notifica AFTER INSERT ON domain_event_entry
    FOR EACH STATEMENT EXECUTE FUNCTION notificar_eventos_novos();

-- Read-model tables call this for every row they change, with the read model's name as argument; writers
-- waiting for their own write (read-your-writes) are resolved from the payload "MODELO:id:versao", whichever
-- node ran the projection, without querying again. ("MODELO:id:-" reports a row deleted outright; read models
-- keep tombstones for removed resources, so writers wait for versions only.)
CREATE FUNCTION notificar_leitura_atualizada() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('leitura_atualizada', TG_ARGV[0] || ':' || OLD.id || ':-');
    ELSE
        PERFORM pg_notify('leitura_atualizada', TG_ARGV[0] || ':' || NEW.id || ':' || NEW.versao);
    END IF;
    RETURN NULL;
END $$;
