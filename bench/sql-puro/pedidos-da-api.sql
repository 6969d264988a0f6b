-- The order list's baseline reads the service's own orders: the bench stores' pedido_view rows, keys rewritten
-- as in esquema.sql, their lines (the JSON column itens) as rows of pedido_item.
\set ON_ERROR_STOP on
SET search_path = sql_puro, public;
TRUNCATE pedido, pedido_item;
SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS colunas
  FROM information_schema.columns WHERE table_schema = 'sql_puro' AND table_name = 'pedido'
   AND column_name <> 'loja_id' \gset
INSERT INTO pedido (loja_id, :colunas)
SELECT lpad(l.loja::text, 36, '0'), :colunas
  FROM public.pedido_view v JOIN (SELECT DISTINCT loja, loja_id FROM mapa) l ON l.loja_id = v.loja_id;
INSERT INTO pedido_item (pedido_id, linha, produto_id, nome, quantidade, preco_unitario)
SELECT v.id, i.linha, i.item -> 'produto' ->> 'id', i.item -> 'produto' ->> 'nome', (i.item ->> 'quantidade')::numeric,
       (i.item ->> 'precoUnit')::numeric
  FROM public.pedido_view v JOIN (SELECT DISTINCT loja_id FROM mapa) l ON l.loja_id = v.loja_id
 CROSS JOIN LATERAL jsonb_array_elements(v.itens) WITH ORDINALITY AS i (item, linha);
ANALYZE pedido, pedido_item;
