-- Counts kept beside the product and customer read models, as beside the orders (V33, V34, decision 092). A product
-- page counted its matching products with a window count, which read and sorted every live product of the store
-- before the first row came: 180 ms a page for a store of 100,000 products. A customer page counted the store's
-- customers: 95 ms for 1,000,000. Without a search (busca) a page's total is now the sum of a few rows.
--
-- Products are counted by store, category and availability (the page's filters categoriaId and apenasDisponiveis;
-- a removed product is not counted), customers by store. Rows are changes added by triggers of the model's table in
-- the writer's transaction, folded every few seconds by each node (ContagemMantida), with the same rules as the
-- order counts: not folded until a fold writes their sum, and only those rows in a partial index.
CREATE TABLE produto_contagem (
    loja_id      VARCHAR(36) NOT NULL,
    categoria_id VARCHAR(36) NOT NULL,
    disponivel   BOOLEAN     NOT NULL,
    quantidade   BIGINT      NOT NULL,
    dobrada      BOOLEAN     NOT NULL DEFAULT FALSE
);
CREATE INDEX produto_contagem_loja_idx ON produto_contagem (loja_id, categoria_id, disponivel) INCLUDE (quantidade);
CREATE INDEX produto_contagem_a_dobrar_idx ON produto_contagem (loja_id, categoria_id, disponivel) WHERE NOT dobrada;

CREATE TABLE cliente_contagem (
    loja_id    VARCHAR(36) NOT NULL,
    quantidade BIGINT      NOT NULL,
    dobrada    BOOLEAN     NOT NULL DEFAULT FALSE
);
CREATE INDEX cliente_contagem_loja_idx ON cliente_contagem (loja_id) INCLUDE (quantidade);
CREATE INDEX cliente_contagem_a_dobrar_idx ON cliente_contagem (loja_id) WHERE NOT dobrada;

-- The trigger functions take the count's table (in the schema of the table that fired them, so a rebuild's copy
-- writes its own), its columns (the model's columns of the same names) and the condition of a counted row as the
-- trigger's arguments. Rows inserted (also by COPY and by the insert of INSERT ... ON CONFLICT; a row the conflict
-- updates is a change) or deleted, named linhas by both triggers: one row per group for the whole statement.
CREATE FUNCTION contar_linhas_inseridas_ou_apagadas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('INSERT INTO %1$I.%2$I (%3$s, quantidade) SELECT %3$s, $1 * COUNT(*) FROM linhas WHERE %4$s
                     GROUP BY %3$s', TG_TABLE_SCHEMA, TG_ARGV[0], TG_ARGV[1], TG_ARGV[2])
        USING CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
    RETURN NULL;
END $$;

-- A row whose group or counted state changed (the trigger's WHEN: any other update, a stock change say, calls
-- nothing): -1 for what it was, +1 for what it is.
CREATE FUNCTION contar_linha_mudada() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('INSERT INTO %1$I.%2$I (%3$s, quantidade)
                    SELECT %3$s, -1 FROM (SELECT ($1).*) antes WHERE %4$s
                    UNION ALL SELECT %3$s, 1 FROM (SELECT ($2).*) depois WHERE %4$s',
                   TG_TABLE_SCHEMA, TG_ARGV[0], TG_ARGV[1], TG_ARGV[2])
        USING OLD, NEW;
    RETURN NULL;
END $$;

-- TRUNCATE of the model's table (a reset) empties its counts in the same transaction.
CREATE FUNCTION contar_linhas_esvaziadas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('DELETE FROM %I.%I', TG_TABLE_SCHEMA, TG_ARGV[0]);
    RETURN NULL;
END $$;

-- Creating the triggers holds writes to the tables (not reads) until this migration commits, so the counts below and
-- the triggers start from the same rows.
CREATE TRIGGER modelo_conta_insercao AFTER INSERT ON produto_view REFERENCING NEW TABLE AS linhas
    FOR EACH STATEMENT EXECUTE FUNCTION
    contar_linhas_inseridas_ou_apagadas('produto_contagem', 'loja_id, categoria_id, disponivel', 'deletado_em IS NULL');
CREATE TRIGGER modelo_conta_remocao AFTER DELETE ON produto_view REFERENCING OLD TABLE AS linhas
    FOR EACH STATEMENT EXECUTE FUNCTION
    contar_linhas_inseridas_ou_apagadas('produto_contagem', 'loja_id, categoria_id, disponivel', 'deletado_em IS NULL');
CREATE TRIGGER modelo_conta_mudanca AFTER UPDATE ON produto_view FOR EACH ROW
    WHEN (OLD.loja_id IS DISTINCT FROM NEW.loja_id OR OLD.categoria_id IS DISTINCT FROM NEW.categoria_id
          OR OLD.disponivel IS DISTINCT FROM NEW.disponivel OR (OLD.deletado_em IS NULL) <> (NEW.deletado_em IS NULL))
    EXECUTE FUNCTION contar_linha_mudada('produto_contagem', 'loja_id, categoria_id, disponivel', 'deletado_em IS NULL');
CREATE TRIGGER modelo_conta_esvaziamento AFTER TRUNCATE ON produto_view
    FOR EACH STATEMENT EXECUTE FUNCTION contar_linhas_esvaziadas('produto_contagem');

CREATE TRIGGER modelo_conta_insercao AFTER INSERT ON cliente_view REFERENCING NEW TABLE AS linhas
    FOR EACH STATEMENT EXECUTE FUNCTION contar_linhas_inseridas_ou_apagadas('cliente_contagem', 'loja_id', 'TRUE');
CREATE TRIGGER modelo_conta_remocao AFTER DELETE ON cliente_view REFERENCING OLD TABLE AS linhas
    FOR EACH STATEMENT EXECUTE FUNCTION contar_linhas_inseridas_ou_apagadas('cliente_contagem', 'loja_id', 'TRUE');
CREATE TRIGGER modelo_conta_mudanca AFTER UPDATE ON cliente_view FOR EACH ROW
    WHEN (OLD.loja_id IS DISTINCT FROM NEW.loja_id)
    EXECUTE FUNCTION contar_linha_mudada('cliente_contagem', 'loja_id', 'TRUE');
CREATE TRIGGER modelo_conta_esvaziamento AFTER TRUNCATE ON cliente_view
    FOR EACH STATEMENT EXECUTE FUNCTION contar_linhas_esvaziadas('cliente_contagem');

INSERT INTO produto_contagem (loja_id, categoria_id, disponivel, quantidade)
SELECT loja_id, categoria_id, disponivel, COUNT(*) FROM produto_view WHERE deletado_em IS NULL
 GROUP BY loja_id, categoria_id, disponivel;
INSERT INTO cliente_contagem (loja_id, quantidade)
SELECT loja_id, COUNT(*) FROM cliente_view GROUP BY loja_id;
