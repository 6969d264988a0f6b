-- pgbench: the plain-SQL equivalent of GET /v1/produtos/{id} (bench/run.sh, custos): one product row of one
-- store. Variables: lojas, produtos (per store).
\set loja random(1, :lojas)
\set p (:loja - 1) * :produtos + random(1, :produtos)
SELECT * FROM sql_puro.produto
 WHERE id = lpad(:p::text, 36, '0') AND loja_id = lpad(:loja::text, 36, '0') AND deletado_em IS NULL;
