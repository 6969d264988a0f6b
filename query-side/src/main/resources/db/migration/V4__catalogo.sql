-- Catalog: products with variations, complement groups.

-- Substring search over names, SKUs and barcodes (GET /produtos?busca=). pg_trgm is a trusted extension since
-- PostgreSQL 13: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Command side: products that are not removed, by ERP code (for upserts; codes are not unique, and "most recently
-- changed" is the highest value of a sequence taken at each change, variations included) and by category (a
-- category with products cannot be removed).
CREATE SEQUENCE produto_lookup_alteracao_seq;
CREATE TABLE produto_lookup (
    produto_id     VARCHAR(36) NOT NULL,
    loja_id        VARCHAR(36) NOT NULL,
    cod_integracao BIGINT,
    categoria_id   VARCHAR(36) NOT NULL,
    alteracao      BIGINT      NOT NULL,
    CONSTRAINT produto_lookup_pk PRIMARY KEY (produto_id)
);
CREATE INDEX produto_lookup_codigo_idx ON produto_lookup (loja_id, cod_integracao);
CREATE INDEX produto_lookup_categoria_idx ON produto_lookup (categoria_id);

-- Command side: which complement groups exist in which store.
CREATE TABLE grupo_complemento_lookup (
    grupo_id VARCHAR(36) NOT NULL,
    loja_id  VARCHAR(36) NOT NULL,
    CONSTRAINT grupo_complemento_lookup_pk PRIMARY KEY (grupo_id)
);

-- Read model of products. Removed products stay as rows with deletado_em set: hidden from every query, kept so
-- that a writer waits for the removal's version like for any change.
CREATE TABLE produto_view (
    id                 VARCHAR(36)              NOT NULL,
    loja_id            VARCHAR(36)              NOT NULL,
    nome               VARCHAR(200)             NOT NULL,
    descricao          VARCHAR(5000),
    preco              NUMERIC(12, 2)           NOT NULL,
    preco_promocional  NUMERIC(12, 2),
    imagens            JSONB                    NOT NULL,
    codigo_barras      VARCHAR(50),
    sku                VARCHAR(100),
    referencia         VARCHAR(80),
    cod_integracao     BIGINT,
    disponivel         BOOLEAN                  NOT NULL,
    destaque           BOOLEAN                  NOT NULL,
    ordem              INTEGER                  NOT NULL,
    controla_estoque   BOOLEAN                  NOT NULL,
    quantidade_estoque NUMERIC(15, 3)           NOT NULL,
    estoque_minimo     NUMERIC(15, 3)           NOT NULL,
    unidade            VARCHAR(10),
    multiplo_venda     NUMERIC(15, 3)           NOT NULL,
    peso               NUMERIC(12, 3),
    altura             NUMERIC(12, 3),
    largura            NUMERIC(12, 3),
    comprimento        NUMERIC(12, 3),
    categoria_id       VARCHAR(36)              NOT NULL,
    grupos_complemento JSONB                    NOT NULL,
    criado_em          TIMESTAMP WITH TIME ZONE NOT NULL,
    atualizado_em      TIMESTAMP WITH TIME ZONE NOT NULL,
    deletado_em        TIMESTAMP WITH TIME ZONE,
    versao             BIGINT                   NOT NULL,
    CONSTRAINT produto_view_pk PRIMARY KEY (id)
);
CREATE INDEX produto_view_lista_idx ON produto_view (loja_id, ordem, lower(nome), id) WHERE deletado_em IS NULL;
CREATE INDEX produto_view_categoria_idx ON produto_view (loja_id, categoria_id) WHERE deletado_em IS NULL;
CREATE INDEX produto_view_codigo_idx ON produto_view (loja_id, cod_integracao) WHERE deletado_em IS NULL;
CREATE INDEX produto_view_nome_trgm_idx ON produto_view USING gin (lower(nome) gin_trgm_ops);
CREATE INDEX produto_view_sku_trgm_idx ON produto_view USING gin (lower(sku) gin_trgm_ops);
CREATE INDEX produto_view_barras_trgm_idx ON produto_view USING gin (lower(codigo_barras) gin_trgm_ops);
CREATE TRIGGER produto_view_notifica AFTER INSERT OR UPDATE OR DELETE ON produto_view
    FOR EACH ROW EXECUTE FUNCTION notificar_leitura_atualizada('PRODUTO');

-- Variations belong to the product's read model: written in the same transactions, versioned by the product row.
CREATE TABLE variacao_view (
    id                 VARCHAR(36)    NOT NULL,
    produto_id         VARCHAR(36)    NOT NULL,
    loja_id            VARCHAR(36)    NOT NULL,
    posicao            INTEGER        NOT NULL,
    nome               VARCHAR(100)   NOT NULL,
    valor1             VARCHAR(100)   NOT NULL,
    valor2             VARCHAR(100),
    preco              NUMERIC(12, 2),
    sku                VARCHAR(100),
    codigo_barras      VARCHAR(50),
    cod_integracao     BIGINT,
    quantidade_estoque NUMERIC(15, 3) NOT NULL,
    estoque_minimo     NUMERIC(15, 3) NOT NULL,
    CONSTRAINT variacao_view_pk PRIMARY KEY (id)
);
CREATE INDEX variacao_view_produto_idx ON variacao_view (produto_id, posicao);

-- Read model of complement groups (removed ones stay as tombstones, like products).
CREATE TABLE grupo_complemento_view (
    id            VARCHAR(36)              NOT NULL,
    loja_id       VARCHAR(36)              NOT NULL,
    nome          VARCHAR(100)             NOT NULL,
    tipo          VARCHAR(10)              NOT NULL,
    obrigatoria   BOOLEAN                  NOT NULL,
    minimo        INTEGER                  NOT NULL,
    maximo        INTEGER                  NOT NULL,
    ordem         INTEGER                  NOT NULL,
    itens         JSONB                    NOT NULL,
    criado_em     TIMESTAMP WITH TIME ZONE NOT NULL,
    atualizado_em TIMESTAMP WITH TIME ZONE NOT NULL,
    removido_em   TIMESTAMP WITH TIME ZONE,
    versao        BIGINT                   NOT NULL,
    CONSTRAINT grupo_complemento_view_pk PRIMARY KEY (id)
);
CREATE INDEX grupo_complemento_view_loja_idx ON grupo_complemento_view (loja_id, ordem) WHERE removido_em IS NULL;
CREATE TRIGGER grupo_complemento_view_notifica AFTER INSERT OR UPDATE OR DELETE ON grupo_complemento_view
    FOR EACH ROW EXECUTE FUNCTION notificar_leitura_atualizada('GRUPO');
