-- Customers (upsert by document).

-- Command side: the store's customers by normalised document (the upsert key; UNIQUE settles what the advisory
-- lock does not), with their current data, which an order naming the customer copies into its snapshot.
CREATE TABLE cliente_lookup (
    cliente_id     VARCHAR(36)  NOT NULL,
    loja_id        VARCHAR(36)  NOT NULL,
    documento      VARCHAR(14)  NOT NULL,
    tipo_documento VARCHAR(4)   NOT NULL,
    nome           VARCHAR(200) NOT NULL,
    email          VARCHAR(254),
    telefone       VARCHAR(40),
    celular        VARCHAR(40),
    cep            VARCHAR(8),
    endereco       VARCHAR(200),
    numero         VARCHAR(20),
    bairro         VARCHAR(100),
    cidade         VARCHAR(100),
    uf             VARCHAR(2),
    CONSTRAINT cliente_lookup_pk PRIMARY KEY (cliente_id),
    CONSTRAINT cliente_lookup_documento_uk UNIQUE (loja_id, documento)
);

-- Read model of customers. Listed by lower(nome), id; busca is a substring match (pg_trgm, created by V4) on the
-- lower-cased name, e-mail and mobile, on the mobile's digits alone, and on the normalised document.
CREATE TABLE cliente_view (
    id             VARCHAR(36)              NOT NULL,
    loja_id        VARCHAR(36)              NOT NULL,
    nome           VARCHAR(200)             NOT NULL,
    documento      VARCHAR(14)              NOT NULL,
    tipo_documento VARCHAR(4)               NOT NULL,
    email          VARCHAR(254),
    telefone       VARCHAR(40),
    celular        VARCHAR(40),
    cep            VARCHAR(8),
    endereco       VARCHAR(200),
    numero         VARCHAR(20),
    bairro         VARCHAR(100),
    cidade         VARCHAR(100),
    uf             VARCHAR(2),
    criado_em      TIMESTAMP WITH TIME ZONE NOT NULL,
    atualizado_em  TIMESTAMP WITH TIME ZONE NOT NULL,
    versao         BIGINT                   NOT NULL,
    CONSTRAINT cliente_view_pk PRIMARY KEY (id)
);
CREATE INDEX cliente_view_lista_idx ON cliente_view (loja_id, lower(nome), id);
CREATE INDEX cliente_view_nome_trgm_idx ON cliente_view USING gin (lower(nome) gin_trgm_ops);
CREATE INDEX cliente_view_email_trgm_idx ON cliente_view USING gin (lower(email) gin_trgm_ops);
CREATE INDEX cliente_view_celular_trgm_idx ON cliente_view USING gin (lower(celular) gin_trgm_ops);
CREATE INDEX cliente_view_celular_digitos_trgm_idx ON cliente_view
    USING gin (regexp_replace(celular, '[^0-9]', '', 'g') gin_trgm_ops);
CREATE INDEX cliente_view_documento_trgm_idx ON cliente_view USING gin (documento gin_trgm_ops);
CREATE TRIGGER cliente_view_notifica AFTER INSERT OR UPDATE OR DELETE ON cliente_view
    FOR EACH ROW EXECUTE FUNCTION notificar_leitura_atualizada('CLIENTE');
