-- Tax invoices of orders.

-- Command side: which invoice of the store has each identity (access key, or for an NFS-e
-- "nfse:<provider>:<number>:<verification code>") and to which order it is linked. Kept in the command's
-- transaction; the unique key is the last guard against one invoice linked twice.
CREATE TABLE nota_fiscal_lookup (
    nota_id    VARCHAR(36)  NOT NULL,
    loja_id    VARCHAR(36)  NOT NULL,
    pedido_id  VARCHAR(36)  NOT NULL,
    identidade VARCHAR(200) NOT NULL,
    CONSTRAINT nota_fiscal_lookup_pk PRIMARY KEY (nota_id),
    CONSTRAINT nota_fiscal_lookup_identidade_uk UNIQUE (loja_id, identidade)
);
CREATE INDEX nota_fiscal_lookup_pedido_idx ON nota_fiscal_lookup (loja_id, pedido_id);

-- Read model of invoices: the whole invoice (every event carries it) as a JSON document, plus the columns an
-- order's summary and the lists need. A removed invoice stays as a tombstone (removida_em set) hidden from every
-- query, so a writer waits for the removal's version like for any change.
CREATE TABLE nota_fiscal_view (
    id          VARCHAR(36)              NOT NULL,
    loja_id     VARCHAR(36)              NOT NULL,
    pedido_id   VARCHAR(36)              NOT NULL,
    chave       VARCHAR(44),
    numero      VARCHAR(20)              NOT NULL,
    serie       VARCHAR(5),
    modelo      VARCHAR(2)               NOT NULL,
    situacao    VARCHAR(12)              NOT NULL,
    valor_total NUMERIC(15, 2),
    nota        JSONB                    NOT NULL,
    criado_em   TIMESTAMP WITH TIME ZONE NOT NULL,
    removida_em TIMESTAMP WITH TIME ZONE,
    versao      BIGINT                   NOT NULL,
    CONSTRAINT nota_fiscal_view_pk PRIMARY KEY (id)
);
CREATE INDEX nota_fiscal_view_pedido_idx ON nota_fiscal_view (pedido_id, criado_em, id) WHERE removida_em IS NULL;
CREATE TRIGGER nota_fiscal_view_notifica AFTER INSERT OR UPDATE OR DELETE ON nota_fiscal_view
    FOR EACH ROW EXECUTE FUNCTION notificar_leitura_atualizada('NOTA_FISCAL');
