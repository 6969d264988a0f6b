-- Command side: category names per store, compared case-insensitively through a normalised key. Written in the
-- same transaction as the event; the UNIQUE constraint is what settles concurrent creations.
CREATE TABLE categoria_lookup (
    categoria_id VARCHAR(36)  NOT NULL,
    loja_id      VARCHAR(36)  NOT NULL,
    nome_chave   VARCHAR(400) NOT NULL,
    ordem        INTEGER      NOT NULL,
    CONSTRAINT categoria_lookup_pk PRIMARY KEY (categoria_id),
    CONSTRAINT categoria_lookup_nome_uk UNIQUE (loja_id, nome_chave)
);
-- "ordem omitted means max + 1": MAX(ordem) per store must not scan every category of the store.
CREATE INDEX categoria_lookup_ordem_idx ON categoria_lookup (loja_id, ordem);

-- Read model of categories. A removed category stays as a tombstone (removida_em set, versao of the removal), so
-- a writer waiting for its removal waits for that version like for any other change, and is never fooled by a
-- row that is absent only because its creation has not been projected yet.
CREATE TABLE categoria_view (
    id            VARCHAR(36)              NOT NULL,
    loja_id       VARCHAR(36)              NOT NULL,
    nome          VARCHAR(100)             NOT NULL,
    descricao     VARCHAR(2000),
    ordem         INTEGER                  NOT NULL,
    ativa         BOOLEAN                  NOT NULL,
    criado_em     TIMESTAMP WITH TIME ZONE NOT NULL,
    atualizado_em TIMESTAMP WITH TIME ZONE NOT NULL,
    versao        BIGINT                   NOT NULL,
    removida_em   TIMESTAMP WITH TIME ZONE,
    CONSTRAINT categoria_view_pk PRIMARY KEY (id)
);
CREATE INDEX categoria_view_loja_idx ON categoria_view (loja_id, ordem) WHERE removida_em IS NULL;
CREATE TRIGGER categoria_view_notifica AFTER INSERT OR UPDATE OR DELETE ON categoria_view
    FOR EACH ROW EXECUTE FUNCTION notificar_leitura_atualizada('CATEGORIA');
