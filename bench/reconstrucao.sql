-- Fills the event store with copies of the orders that bench/run.sh created through the API in one store, for the
-- rebuild benchmark (CENARIOS=reconstrucao). Run by psql on the service's database with -v loja=<store id>
-- -v copias=<copies of each order>. Creating a million events through the API would take hours (about 40 orders/s);
-- copying rows takes seconds and gives events the service wrote itself, changed only where a new order must differ.
--
-- Each copy of a template order is a new Pedido aggregate of the same store:
--   aggregate_identifier  a new UUID, the same for all the events of one copy, and sequence numbers as in the
--                         template: (aggregate_identifier, sequence_number) stays unique and every stream is whole;
--   payload               Jackson JSON (Axon's event serializer here): the template's id replaced by the new one
--                         everywhere, and the order's "numero" (the third field of every Pedido event) by a new one,
--                         continuing the store's counter, which is moved past them so later orders get new numbers;
--   event_identifier      a new UUID;
--   global_index          from the table's sequence (the column default), in copy order and, within a copy, in the
--                         templates' order; one transaction, so a streaming processor sees all of it at once, with
--                         no gap, at the commit;
--   everything else       as in the template (type, payload type and revision, metadata, time stamp).
-- Only the Pedido aggregate's own events are copied. The templates' products do not control stock, so their orders
-- move no stock that the copies would lack.
\set ON_ERROR_STOP on
BEGIN;
-- Appends from anywhere else wait for the commit: nothing can take a global index inside the copies' range.
LOCK TABLE domain_event_entry IN EXCLUSIVE MODE;
SET LOCAL work_mem = '1GB';

CREATE TEMP TABLE modelo ON COMMIT DROP AS
SELECT e.aggregate_identifier AS pedido, e.sequence_number, e.global_index, e.type, e.meta_data,
       convert_from(e.payload, 'UTF8') AS payload, e.payload_revision, e.payload_type, e.time_stamp
  FROM domain_event_entry e
 WHERE e.type = 'Pedido' AND convert_from(e.payload, 'UTF8')::jsonb ->> 'lojaId' = :'loja';

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM modelo) THEN
        RAISE EXCEPTION 'nenhum pedido da loja para copiar';
    END IF;
    -- The new numero goes after this exact prefix; an event laid out otherwise would keep its template's number.
    IF EXISTS (SELECT 1 FROM modelo WHERE payload !~ '^\{"pedidoId":"[^"]+","lojaId":"[^"]+","numero":[0-9]+[,}]') THEN
        RAISE EXCEPTION 'evento de pedido sem o prefixo pedidoId, lojaId, numero: %',
            (SELECT payload_type FROM modelo WHERE payload !~ '^\{"pedidoId":"[^"]+","lojaId":"[^"]+","numero":' LIMIT 1);
    END IF;
END $$;

CREATE TEMP TABLE copia ON COMMIT DROP AS
SELECT c, pedido, gen_random_uuid()::text AS novo,
       (SELECT ultimo FROM pedido_numero WHERE loja_id = :'loja') + row_number() OVER (ORDER BY c, pedido) AS numero
  FROM generate_series(1, :copias) c CROSS JOIN (SELECT DISTINCT pedido FROM modelo) m;

INSERT INTO domain_event_entry (aggregate_identifier, sequence_number, type, event_identifier, meta_data, payload,
                                payload_revision, payload_type, time_stamp)
SELECT k.novo, m.sequence_number, m.type, gen_random_uuid()::text, m.meta_data,
       convert_to(regexp_replace(replace(m.payload, m.pedido, k.novo),
                                 '^(\{"pedidoId":"[^"]+","lojaId":"[^"]+","numero":)[0-9]+', '\1' || k.numero), 'UTF8'),
       m.payload_revision, m.payload_type, m.time_stamp
  FROM copia k JOIN modelo m ON m.pedido = k.pedido
 ORDER BY k.c, m.global_index;

UPDATE pedido_numero SET ultimo = (SELECT max(numero) FROM copia) WHERE loja_id = :'loja';
COMMIT;
