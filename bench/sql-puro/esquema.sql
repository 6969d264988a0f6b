-- The plain-SQL baseline of bench/run.sh (scenario group custos): tables of its own, in schema sql_puro of the
-- service's database, with the shapes of the service's own tables, filled from what the bench created through
-- the API. Keys are rewritten to numbers pgbench can draw (lpad(n, 36, '0'), as long as the service's UUIDs):
-- store n of the bench is loja_id lpad(n), its k-th product (1-based) is id lpad((n - 1) * produtos per store + k).
-- Standard input: the map of the bench's stores and products (TSV: store number, loja_id, k, produto_id). psql
-- variable pedidos: true when the order scenario runs (sample event payloads are copied from the service's own).
\set ON_ERROR_STOP on
SET client_min_messages = warning;
DROP SCHEMA IF EXISTS sql_puro CASCADE;
CREATE SCHEMA sql_puro AUTHORIZATION sql_puro;
SET search_path = sql_puro, public;

CREATE TABLE mapa (loja INTEGER NOT NULL, loja_id VARCHAR(36) NOT NULL, k INTEGER NOT NULL, produto_id VARCHAR(36) NOT NULL);
\copy mapa FROM pstdin
CREATE UNIQUE INDEX ON mapa (produto_id);

-- Products: the service's read-model rows of the bench's products (same columns, sizes and indexes).
CREATE TABLE produto (LIKE public.produto_view INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES);
SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS colunas
  FROM information_schema.columns WHERE table_schema = 'sql_puro' AND table_name = 'produto'
   AND column_name NOT IN ('id', 'loja_id') \gset
INSERT INTO produto (id, loja_id, :colunas)
SELECT lpad(((m.loja - 1) * (SELECT max(k) FROM mapa) + m.k)::text, 36, '0'), lpad(m.loja::text, 36, '0'), :colunas
  FROM public.produto_view v JOIN mapa m ON m.produto_id = v.id;

-- Orders written by the order script: the service's order columns, with the lines in a table of their own.
CREATE TABLE pedido (LIKE public.pedido_view INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES);
ALTER TABLE pedido DROP COLUMN itens;
-- Orders read by the list script: the service's order read model as it is (lines as JSON in the row), filled with
-- copies of the service's orders (pedidos-da-api.sql).
CREATE TABLE pedido_com_itens (LIKE public.pedido_view INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES);
CREATE SEQUENCE pedido_numero;
CREATE TABLE pedido_item (
    pedido_id      VARCHAR(36)    NOT NULL,
    linha          INTEGER        NOT NULL,
    produto_id     VARCHAR(36)    NOT NULL,
    nome           VARCHAR(200)   NOT NULL,
    quantidade     NUMERIC(15, 3) NOT NULL,
    preco_unitario NUMERIC(12, 2) NOT NULL,
    CONSTRAINT pedido_item_pk PRIMARY KEY (pedido_id, linha)
);

-- Events: the event store's columns, constraints and indexes, a sequence of its own (one value at a time, as the
-- service's), and payloads copied from the service's own events of the same kinds.
CREATE TABLE evento (LIKE public.domain_event_entry INCLUDING CONSTRAINTS INCLUDING INDEXES);
CREATE SEQUENCE evento_global_index_seq CACHE 1;
ALTER TABLE evento ALTER COLUMN global_index SET DEFAULT nextval('sql_puro.evento_global_index_seq');
CREATE TABLE carga (tipo VARCHAR(20) PRIMARY KEY, payload_type VARCHAR(255) NOT NULL, payload BYTEA NOT NULL, meta_data BYTEA);
\if :pedidos
INSERT INTO carga
SELECT DISTINCT ON (tipo) tipo, payload_type, payload, meta_data
  FROM (SELECT CASE WHEN payload_type LIKE '%.EstoqueTomadoPorPedidoEvent' THEN 'estoque' ELSE 'pedido' END tipo, *
          FROM public.domain_event_entry
         WHERE payload_type LIKE '%.EstoqueTomadoPorPedidoEvent' OR payload_type LIKE '%.PedidoCriadoEvent') e
 ORDER BY tipo, global_index DESC;
SELECT count(*) = 2 AS cargas_ok FROM carga \gset
\if :cargas_ok
\else
\warn 'sql_puro: sem eventos de pedido do serviço para copiar (o aquecimento cria pedidos)'
SELECT 1/0;
\endif
\endif

GRANT ALL ON ALL TABLES IN SCHEMA sql_puro TO sql_puro;
GRANT ALL ON ALL SEQUENCES IN SCHEMA sql_puro TO sql_puro;
ANALYZE mapa, produto, carga;
