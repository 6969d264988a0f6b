-- An order page, its tag and an order's tag read each order's invoices and carrier labels with the removed ones
-- (a removal must change the tag), and the indexes held only the live ones (WHERE removida_em IS NULL), so those
-- reads scanned both tables whole, once per order of the page: with 200,000 invoices and as many labels, a page of
-- 50 orders took 1.1 s in PostgreSQL instead of 3 ms (decision 090). These indexes hold every row; the reads of live
-- rows alone use them too, filtering an order's few removed ones. The build holds writes to these two tables (0.6 s
-- for 1,000,000 invoices); reads go on.
DROP INDEX nota_fiscal_view_pedido_idx;
CREATE INDEX nota_fiscal_view_pedido_idx ON nota_fiscal_view (pedido_id, criado_em, id);
DROP INDEX etiqueta_view_pedido_idx;
CREATE INDEX etiqueta_view_pedido_idx ON etiqueta_view (pedido_id, criado_em, id);
