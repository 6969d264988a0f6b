-- The operator's quota on /admin (ADMIN_RATE_LIMIT_PER_MINUTE): one row shared by every node, charged by one
-- statement per request, like a store token's quota on its api_token row (V17).
CREATE TABLE cota_do_operador (
    id         SMALLINT                 NOT NULL,
    janela_fim TIMESTAMP WITH TIME ZONE,
    restantes  BIGINT                   NOT NULL DEFAULT 0,
    CONSTRAINT cota_do_operador_pk PRIMARY KEY (id),
    CONSTRAINT cota_do_operador_uma_linha CHECK (id = 1)
);
INSERT INTO cota_do_operador (id) VALUES (1);
