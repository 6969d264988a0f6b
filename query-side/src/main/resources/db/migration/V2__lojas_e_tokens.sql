-- Command side: store slugs are unique across the service (set-based validation).
CREATE TABLE loja_slug (
    loja_id VARCHAR(36) NOT NULL,
    slug    VARCHAR(40) NOT NULL,
    CONSTRAINT loja_slug_pk PRIMARY KEY (loja_id),
    CONSTRAINT loja_slug_slug_uk UNIQUE (slug)
);

-- Read model of stores.
CREATE TABLE loja_view (
    id              VARCHAR(36)              NOT NULL,
    nome            VARCHAR(200)             NOT NULL,
    slug            VARCHAR(40)              NOT NULL,
    cnpj            VARCHAR(14),
    dominio_proprio VARCHAR(253),
    telefone        VARCHAR(40),
    cep             VARCHAR(8),
    endereco        VARCHAR(200),
    numero          VARCHAR(20),
    complemento     VARCHAR(100),
    bairro          VARCHAR(100),
    cidade          VARCHAR(100),
    uf              VARCHAR(2),
    criada_em       TIMESTAMP WITH TIME ZONE NOT NULL,
    atualizada_em   TIMESTAMP WITH TIME ZONE NOT NULL,
    versao          BIGINT                   NOT NULL,
    CONSTRAINT loja_view_pk PRIMARY KEY (id)
);
CREATE TRIGGER loja_view_notifica AFTER INSERT OR UPDATE OR DELETE ON loja_view
    FOR EACH ROW EXECUTE FUNCTION notificar_leitura_atualizada('LOJA');

-- Store API tokens: credentials, not domain events. Only a SHA-256 of each token is kept (tokens carry 256
-- random bits, so a slow password hash would add nothing but latency to every request).
CREATE TABLE api_token (
    id            VARCHAR(36)              NOT NULL,
    loja_id       VARCHAR(36)              NOT NULL,
    nome          VARCHAR(100)             NOT NULL,
    hash          BYTEA                    NOT NULL,
    criado_em     TIMESTAMP WITH TIME ZONE NOT NULL,
    revogado_em   TIMESTAMP WITH TIME ZONE,
    ultimo_uso_em TIMESTAMP WITH TIME ZONE,
    requisicoes   BIGINT                   NOT NULL DEFAULT 0,
    CONSTRAINT api_token_pk PRIMARY KEY (id),
    CONSTRAINT api_token_hash_uk UNIQUE (hash)
);
CREATE INDEX api_token_loja_idx ON api_token (loja_id, criado_em);

-- Bucket4j's PostgreSQL backend: one row per quota bucket, shared by every node.
CREATE TABLE limite_requisicoes (
    id        VARCHAR(80) NOT NULL,
    estado    BYTEA,
    expira_em BIGINT,
    CONSTRAINT limite_requisicoes_pk PRIMARY KEY (id)
);
CREATE INDEX limite_requisicoes_expira_idx ON limite_requisicoes (expira_em);
