-- pgbench: the plain-SQL equivalent of POST /v1/pedidos with 3 items with stock control (bench/run.sh, custos).
-- One transaction: three stock updates (in key order, so concurrent orders never deadlock), the order, three
-- items and four event rows (three stock events and the order's, payloads as the service's). Three distinct
-- products of one store drawn as bench/custos.lua draws them. Product and order rows keep their event's global
-- index, as the service's read models do. Variables: lojas, produtos (per store).
\set loja random(1, :lojas)
\set m (:produtos - 1) / 2
\set a random(0, :produtos - 1)
\set x random(1, :m)
\set y random(1, :m)
\set i1 :a
\set i2 (:a + :x) % :produtos
\set i3 (:a + :x + :y) % :produtos
\set lo least(:i1, :i2, :i3)
\set hi greatest(:i1, :i2, :i3)
\set p1 (:loja - 1) * :produtos + :lo + 1
\set p2 (:loja - 1) * :produtos + :i1 + :i2 + :i3 - :lo - :hi + 1
\set p3 (:loja - 1) * :produtos + :hi + 1
BEGIN;
UPDATE sql_puro.produto SET quantidade_estoque = quantidade_estoque - 1, versao = versao + 1, atualizado_em = now(),
                            global_index = nextval('sql_puro.evento_global_index_seq')
 WHERE id = lpad(:p1::text, 36, '0') AND loja_id = lpad(:loja::text, 36, '0') AND deletado_em IS NULL
   AND quantidade_estoque >= 1
RETURNING nome AS nome1, preco AS preco1, versao AS versao1, global_index AS indice1 \gset
UPDATE sql_puro.produto SET quantidade_estoque = quantidade_estoque - 1, versao = versao + 1, atualizado_em = now(),
                            global_index = nextval('sql_puro.evento_global_index_seq')
 WHERE id = lpad(:p2::text, 36, '0') AND loja_id = lpad(:loja::text, 36, '0') AND deletado_em IS NULL
   AND quantidade_estoque >= 1
RETURNING nome AS nome2, preco AS preco2, versao AS versao2, global_index AS indice2 \gset
UPDATE sql_puro.produto SET quantidade_estoque = quantidade_estoque - 1, versao = versao + 1, atualizado_em = now(),
                            global_index = nextval('sql_puro.evento_global_index_seq')
 WHERE id = lpad(:p3::text, 36, '0') AND loja_id = lpad(:loja::text, 36, '0') AND deletado_em IS NULL
   AND quantidade_estoque >= 1
RETURNING nome AS nome3, preco AS preco3, versao AS versao3, global_index AS indice3 \gset
INSERT INTO sql_puro.pedido (id, loja_id, numero, status, tipo_entrega, subtotal, desconto, taxa_entrega,
                             ajuste_pagamento, total, pagamentos, cliente, criado_em, atualizado_em, versao, global_index)
VALUES (gen_random_uuid()::text, lpad(:loja::text, 36, '0'), nextval('sql_puro.pedido_numero'), 'PENDENTE', 'BALCAO',
        :preco1::numeric + :preco2::numeric + :preco3::numeric, 0, 0, 0,
        :preco1::numeric + :preco2::numeric + :preco3::numeric, '[]', '{"nome": "Bench"}', now(), now(), 0,
        nextval('sql_puro.evento_global_index_seq'))
RETURNING id, global_index \gset
INSERT INTO sql_puro.pedido_item (pedido_id, linha, produto_id, nome, quantidade, preco_unitario)
VALUES (:id, 1, lpad(:p1::text, 36, '0'), :nome1, 1, :preco1::numeric);
INSERT INTO sql_puro.pedido_item (pedido_id, linha, produto_id, nome, quantidade, preco_unitario)
VALUES (:id, 2, lpad(:p2::text, 36, '0'), :nome2, 1, :preco2::numeric);
INSERT INTO sql_puro.pedido_item (pedido_id, linha, produto_id, nome, quantidade, preco_unitario)
VALUES (:id, 3, lpad(:p3::text, 36, '0'), :nome3, 1, :preco3::numeric);
INSERT INTO sql_puro.evento (global_index, aggregate_identifier, sequence_number, type, event_identifier, meta_data,
                             payload, payload_type, time_stamp)
SELECT :indice1::bigint, lpad(:p1::text, 36, '0'), :versao1::bigint, 'Produto', gen_random_uuid()::text, meta_data,
       payload, payload_type, now()::text
  FROM sql_puro.carga WHERE tipo = 'estoque';
INSERT INTO sql_puro.evento (global_index, aggregate_identifier, sequence_number, type, event_identifier, meta_data,
                             payload, payload_type, time_stamp)
SELECT :indice2::bigint, lpad(:p2::text, 36, '0'), :versao2::bigint, 'Produto', gen_random_uuid()::text, meta_data,
       payload, payload_type, now()::text
  FROM sql_puro.carga WHERE tipo = 'estoque';
INSERT INTO sql_puro.evento (global_index, aggregate_identifier, sequence_number, type, event_identifier, meta_data,
                             payload, payload_type, time_stamp)
SELECT :indice3::bigint, lpad(:p3::text, 36, '0'), :versao3::bigint, 'Produto', gen_random_uuid()::text, meta_data,
       payload, payload_type, now()::text
  FROM sql_puro.carga WHERE tipo = 'estoque';
INSERT INTO sql_puro.evento (global_index, aggregate_identifier, sequence_number, type, event_identifier, meta_data,
                             payload, payload_type, time_stamp)
SELECT :global_index::bigint, :id, 0, 'Pedido', gen_random_uuid()::text, meta_data, payload, payload_type, now()::text
  FROM sql_puro.carga WHERE tipo = 'pedido';
END;
