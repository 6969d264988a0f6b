-- Orders and stock.

-- Command side: products by SKU too (stock batches may name a product by sku). Rows written before this column
-- existed take it from the product read model once.
ALTER TABLE produto_lookup ADD COLUMN sku VARCHAR(100);
UPDATE produto_lookup l SET sku = v.sku FROM produto_view v WHERE v.id = l.produto_id;
CREATE INDEX produto_lookup_sku_idx ON produto_lookup (loja_id, sku);

-- Command side: the last order number given in each store. Incremented in the order's transaction, never
-- decremented: a number is never given twice, also after its order is deleted.
CREATE TABLE pedido_numero (
    loja_id VARCHAR(36) NOT NULL,
    ultimo  BIGINT      NOT NULL,
    CONSTRAINT pedido_numero_pk PRIMARY KEY (loja_id)
);

-- Read model of orders. Lines, payments and the registered customer are JSON documents of the order: always read
-- whole with it, never queried by their fields. A deleted order stays as a tombstone (removido_em set) hidden from
-- every query, so a writer waits for the deletion's version like for any change.
CREATE TABLE pedido_view (
    id                  VARCHAR(36)              NOT NULL,
    loja_id             VARCHAR(36)              NOT NULL,
    numero              BIGINT                   NOT NULL,
    status              VARCHAR(20)              NOT NULL,
    tipo_entrega        VARCHAR(20)              NOT NULL,
    subtotal            NUMERIC(12, 2)           NOT NULL,
    desconto            NUMERIC(12, 2)           NOT NULL,
    taxa_entrega        NUMERIC(12, 2)           NOT NULL,
    ajuste_pagamento    NUMERIC(12, 2)           NOT NULL,
    total               NUMERIC(12, 2)           NOT NULL,
    observacoes         VARCHAR(2000),
    motivo_cancelamento VARCHAR(500),
    tempo_entrega       VARCHAR(200),
    codigo_rastreio     VARCHAR(100),
    url_rastreio        VARCHAR(2000),
    pagamento_status    VARCHAR(20),
    pagamentos          JSONB                    NOT NULL,
    cliente             JSONB                    NOT NULL,
    cliente_id          VARCHAR(36),
    cliente_registrado  JSONB,
    itens               JSONB                    NOT NULL,
    criado_em           TIMESTAMP WITH TIME ZONE NOT NULL,
    atualizado_em       TIMESTAMP WITH TIME ZONE NOT NULL,
    removido_em         TIMESTAMP WITH TIME ZONE,
    versao              BIGINT                   NOT NULL,
    CONSTRAINT pedido_view_pk PRIMARY KEY (id)
);
-- GET /pedidos: newest first, optionally by status and a creation-time window.
CREATE INDEX pedido_view_recentes_idx ON pedido_view (loja_id, criado_em DESC, numero DESC) WHERE removido_em IS NULL;
CREATE INDEX pedido_view_status_idx ON pedido_view (loja_id, status, criado_em DESC, numero DESC) WHERE removido_em IS NULL;
CREATE TRIGGER pedido_view_notifica AFTER INSERT OR UPDATE OR DELETE ON pedido_view
    FOR EACH ROW EXECUTE FUNCTION notificar_leitura_atualizada('PEDIDO');
