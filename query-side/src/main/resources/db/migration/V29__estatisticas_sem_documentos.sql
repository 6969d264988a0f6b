-- No planner statistics on the documents that the busiest tables carry and no query filters, joins or sorts on.
-- Autovacuum analyses these tables every few minutes while they grow, and an analysis holds its snapshot until it
-- ends, so no vacuum anywhere can remove rows deleted meanwhile. Sorting a sample of 30,000 documents was most of
-- each analysis: under a webhook fan-out on two busy cores one took ~5 s, and the send queue (webhook_envio, where
-- every attempt is a row inserted, claimed and deleted) piled up dead rows until each claim took 60 ms. Rebuilt
-- copies of these tables keep the setting (Esquemas.preparar).
ALTER TABLE domain_event_entry
    ALTER COLUMN payload SET STATISTICS 0,
    ALTER COLUMN meta_data SET STATISTICS 0;
ALTER TABLE entrega_view ALTER COLUMN payload SET STATISTICS 0;
ALTER TABLE entrega_tentativa_view
    ALTER COLUMN resposta SET STATISTICS 0,
    ALTER COLUMN erro SET STATISTICS 0;
ALTER TABLE evento_loja ALTER COLUMN corpo SET STATISTICS 0;
