-- pgbench: the plain-SQL equivalent of GET /v1/pedidos?limite=50 (bench/run.sh, custos): the page query, the
-- newest 50 orders of one store, on a table shaped like the service's order read model and holding copies of its
-- orders (pedidos-da-api.sql). Variable: lojas.
\set loja random(1, :lojas)
SELECT * FROM sql_puro.pedido_com_itens
 WHERE loja_id = lpad(:loja::text, 36, '0') AND removido_em IS NULL
 ORDER BY criado_em DESC, numero DESC LIMIT 50;
