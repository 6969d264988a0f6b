-- The operator's list of stores (GET /admin/lojas, decision 094) is a page by name, then id, searched by name, slug
-- or id: the first index gives a page without sorting every store, the trigram indexes (pg_trgm, V5) find a term
-- inside a name or a slug without reading every store, as the customers' search does.
CREATE INDEX loja_view_nome_idx ON loja_view (lower(nome), id);
CREATE INDEX loja_view_nome_trgm_idx ON loja_view USING gin (lower(nome) gin_trgm_ops);
CREATE INDEX loja_view_slug_trgm_idx ON loja_view USING gin (lower(slug) gin_trgm_ops);
