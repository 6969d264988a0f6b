-- The order list's baseline reads copies of the service's own orders: the bench stores' pedido_view rows as they
-- are (lines as JSON in the row), store ids rewritten as in esquema.sql.
\set ON_ERROR_STOP on
SET search_path = sql_puro, public;
TRUNCATE pedido_com_itens;
SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS colunas
  FROM information_schema.columns WHERE table_schema = 'sql_puro' AND table_name = 'pedido_com_itens'
   AND column_name <> 'loja_id' \gset
INSERT INTO pedido_com_itens (loja_id, :colunas)
SELECT lpad(l.loja::text, 36, '0'), :colunas
  FROM public.pedido_view v JOIN (SELECT DISTINCT loja, loja_id FROM mapa) l ON l.loja_id = v.loja_id;
ANALYZE pedido_com_itens;
