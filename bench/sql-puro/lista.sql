-- pgbench: the plain-SQL equivalent of GET /v1/pedidos?limite=50 (bench/run.sh, custos): the newest 50 orders of
-- one store with their lines, on a copy of the service's own orders (pedidos-da-api.sql). Variable: lojas.
\set loja random(1, :lojas)
SELECT p.*, i.linha, i.produto_id, i.nome, i.quantidade, i.preco_unitario
  FROM (SELECT * FROM sql_puro.pedido WHERE loja_id = lpad(:loja::text, 36, '0') AND removido_em IS NULL
         ORDER BY criado_em DESC, numero DESC LIMIT 50) p
  JOIN sql_puro.pedido_item i ON i.pedido_id = p.id
 ORDER BY p.criado_em DESC, p.numero DESC, i.linha;
