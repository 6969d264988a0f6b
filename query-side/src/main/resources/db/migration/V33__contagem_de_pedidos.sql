-- A store's live orders counted by status beside the read model (decision 092). GET /pedidos gives the page's
-- total (paginacao.total), and counting it meant reading an index entry for every order the store ever had: 71 ms
-- for a store with 1,000,000 orders, on every page and every revalidation. With no date filter the total is now the
-- sum of a few rows of this table.
--
-- Rows are changes, not totals: each statement that writes pedido_view adds the change it made, per store and
-- status (+n for orders that became live or moved in, -n for those that went or moved out), so concurrent writers
-- of one store never wait for each other on a counter row. A store's count is the sum of its rows; ContagemDePedidos
-- folds them every few seconds into one row per store and status, deleting and inserting in one statement, which
-- keeps every sum as it was for any reader.
--
-- The triggers that add the rows (named modelo_*) are part of the read model: a rebuild's copy of pedido_view has
-- them from its start, writing the copy's pedido_contagem (Esquemas). Each writes the pedido_contagem of the schema
-- of the pedido_view that fired it: the one the search path gives when that is the same schema (every write of the
-- service and of a rebuild), named explicitly otherwise.
CREATE TABLE pedido_contagem (
    loja_id    VARCHAR(36) NOT NULL,
    status     VARCHAR(20) NOT NULL,
    quantidade BIGINT      NOT NULL
);
CREATE INDEX pedido_contagem_loja_idx ON pedido_contagem (loja_id, status) INCLUDE (quantidade);

-- Rows inserted (also by COPY and by the insert of INSERT ... ON CONFLICT; a row the conflict updates is a change)
-- or deleted, named linhas by both triggers: one row per store and status for the whole statement.
CREATE FUNCTION contar_pedidos_inseridos_ou_apagados() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    sinal INTEGER := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
    IF TG_TABLE_SCHEMA = current_schema() THEN
        INSERT INTO pedido_contagem (loja_id, status, quantidade)
        SELECT loja_id, status, sinal * COUNT(*) FROM linhas WHERE removido_em IS NULL GROUP BY loja_id, status;
    ELSE
        EXECUTE format('INSERT INTO %I.pedido_contagem (loja_id, status, quantidade)
                        SELECT loja_id, status, $1 * COUNT(*) FROM linhas WHERE removido_em IS NULL
                         GROUP BY loja_id, status', TG_TABLE_SCHEMA) USING sinal;
    END IF;
    RETURN NULL;
END $$;

-- A row whose status, store or removal changed (the trigger's WHEN: any other update calls nothing).
CREATE FUNCTION contar_pedido_mudado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_SCHEMA = current_schema() THEN
        INSERT INTO pedido_contagem (loja_id, status, quantidade)
        SELECT OLD.loja_id, OLD.status, -1 WHERE OLD.removido_em IS NULL
        UNION ALL
        SELECT NEW.loja_id, NEW.status, 1 WHERE NEW.removido_em IS NULL;
    ELSE
        EXECUTE format('INSERT INTO %I.pedido_contagem (loja_id, status, quantidade)
                        SELECT $1, $2, -1 WHERE $3 UNION ALL SELECT $4, $5, 1 WHERE $6', TG_TABLE_SCHEMA)
            USING OLD.loja_id, OLD.status, OLD.removido_em IS NULL, NEW.loja_id, NEW.status, NEW.removido_em IS NULL;
    END IF;
    RETURN NULL;
END $$;

-- TRUNCATE of pedido_view (a reset) empties its counts in the same transaction.
CREATE FUNCTION contar_pedidos_esvaziados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('DELETE FROM %I.pedido_contagem', TG_TABLE_SCHEMA);
    RETURN NULL;
END $$;

-- Creating the triggers holds writes to pedido_view (not reads) until this migration commits, so the counts below
-- and the triggers start from the same rows: a node of the previous version writing meanwhile waits (about 0.2 s
-- per million orders), and its write is counted by the triggers.
CREATE TRIGGER modelo_conta_insercao AFTER INSERT ON pedido_view REFERENCING NEW TABLE AS linhas
    FOR EACH STATEMENT EXECUTE FUNCTION contar_pedidos_inseridos_ou_apagados();
CREATE TRIGGER modelo_conta_remocao AFTER DELETE ON pedido_view REFERENCING OLD TABLE AS linhas
    FOR EACH STATEMENT EXECUTE FUNCTION contar_pedidos_inseridos_ou_apagados();
CREATE TRIGGER modelo_conta_mudanca AFTER UPDATE ON pedido_view FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.loja_id IS DISTINCT FROM NEW.loja_id
          OR (OLD.removido_em IS NULL) <> (NEW.removido_em IS NULL))
    EXECUTE FUNCTION contar_pedido_mudado();
CREATE TRIGGER modelo_conta_esvaziamento AFTER TRUNCATE ON pedido_view
    FOR EACH STATEMENT EXECUTE FUNCTION contar_pedidos_esvaziados();

INSERT INTO pedido_contagem (loja_id, status, quantidade)
SELECT loja_id, status, COUNT(*) FROM pedido_view WHERE removido_em IS NULL GROUP BY loja_id, status;
