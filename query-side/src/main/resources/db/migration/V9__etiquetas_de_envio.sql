-- Carrier labels of orders, and the orders' tracking code taken from them.

-- Command side: the labels of each order, by tracking code (null for a label sent without one: those never
-- match a resend). Kept in the command's transaction; the unique key is the last guard against one code
-- creating two labels of an order.
CREATE TABLE etiqueta_lookup (
    etiqueta_id     VARCHAR(36)  NOT NULL,
    loja_id         VARCHAR(36)  NOT NULL,
    pedido_id       VARCHAR(36)  NOT NULL,
    codigo_rastreio VARCHAR(100),
    CONSTRAINT etiqueta_lookup_pk PRIMARY KEY (etiqueta_id)
);
CREATE UNIQUE INDEX etiqueta_lookup_codigo_uk ON etiqueta_lookup (loja_id, pedido_id, codigo_rastreio)
    WHERE codigo_rastreio IS NOT NULL;
CREATE INDEX etiqueta_lookup_pedido_idx ON etiqueta_lookup (loja_id, pedido_id);

-- Read model of carrier labels: the whole label (every event carries it) as a JSON document. A removed label
-- stays as a tombstone (removida_em set) hidden from every query.
CREATE TABLE etiqueta_view (
    id          VARCHAR(36)              NOT NULL,
    loja_id     VARCHAR(36)              NOT NULL,
    pedido_id   VARCHAR(36)              NOT NULL,
    etiqueta    JSONB                    NOT NULL,
    criado_em   TIMESTAMP WITH TIME ZONE NOT NULL,
    removida_em TIMESTAMP WITH TIME ZONE,
    versao      BIGINT                   NOT NULL,
    CONSTRAINT etiqueta_view_pk PRIMARY KEY (id)
);
CREATE INDEX etiqueta_view_pedido_idx ON etiqueta_view (pedido_id, criado_em, id) WHERE removida_em IS NULL;
CREATE TRIGGER etiqueta_view_notifica AFTER INSERT OR UPDATE OR DELETE ON etiqueta_view
    FOR EACH ROW EXECUTE FUNCTION notificar_leitura_atualizada('ETIQUETA');
