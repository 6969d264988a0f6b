-- The conventional baseline's tables: what a team would design for the same three requests without event sourcing.
-- Stores, tokens (SHA-256 hex, the quota on the token's row as in decision 059), products with their variations,
-- orders with their items, invoices and labels, and an outbox for the webhook the order raises.
CREATE SCHEMA IF NOT EXISTS convencional;

CREATE TABLE IF NOT EXISTS convencional.loja (
    id              varchar(36) PRIMARY KEY,
    slug            varchar(100) NOT NULL UNIQUE,
    dominio         varchar(255),
    proximo_numero  bigint NOT NULL DEFAULT 1
);

CREATE TABLE IF NOT EXISTS convencional.api_token (
    id                 varchar(36) PRIMARY KEY,
    loja_id            varchar(36) NOT NULL REFERENCES convencional.loja (id),
    hash               varchar(64) NOT NULL UNIQUE,
    revogado_em        timestamptz,
    janela_fim         timestamptz,
    restantes_total    bigint,
    restantes_escrita  bigint,
    requisicoes        bigint NOT NULL DEFAULT 0,
    ultimo_uso_em      timestamptz
);

CREATE TABLE IF NOT EXISTS convencional.categoria (
    id       varchar(36) PRIMARY KEY,
    loja_id  varchar(36) NOT NULL REFERENCES convencional.loja (id),
    nome     varchar(200) NOT NULL
);

CREATE TABLE IF NOT EXISTS convencional.produto (
    id                  varchar(36) PRIMARY KEY,
    loja_id             varchar(36) NOT NULL REFERENCES convencional.loja (id),
    nome                varchar(200) NOT NULL,
    descricao           text,
    preco               numeric(12, 2) NOT NULL,
    preco_promocional   numeric(12, 2),
    imagens             jsonb NOT NULL DEFAULT '[]',
    codigo_barras       varchar(50),
    sku                 varchar(100),
    referencia          varchar(100),
    cod_integracao      bigint,
    disponivel          boolean NOT NULL DEFAULT true,
    destaque            boolean NOT NULL DEFAULT false,
    ordem               integer NOT NULL DEFAULT 0,
    controla_estoque    boolean NOT NULL DEFAULT false,
    quantidade_estoque  numeric(14, 3) NOT NULL DEFAULT 0,
    estoque_minimo      numeric(14, 3) NOT NULL DEFAULT 0,
    unidade             varchar(10),
    multiplo_venda      numeric(14, 3),
    peso                numeric(12, 3),
    altura              numeric(12, 3),
    largura             numeric(12, 3),
    comprimento         numeric(12, 3),
    categoria_id        varchar(36) REFERENCES convencional.categoria (id),
    tem_variacoes       boolean NOT NULL DEFAULT false,
    grupos_complemento  jsonb NOT NULL DEFAULT '[]',
    criado_em           timestamptz NOT NULL,
    atualizado_em       timestamptz NOT NULL,
    deletado_em         timestamptz,
    versao              bigint NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS produto_loja ON convencional.produto (loja_id);

CREATE TABLE IF NOT EXISTS convencional.variacao (
    id                  varchar(36) PRIMARY KEY,
    produto_id          varchar(36) NOT NULL REFERENCES convencional.produto (id),
    nome                varchar(200) NOT NULL,
    valor1              varchar(200) NOT NULL,
    valor2              varchar(200),
    preco               numeric(12, 2),
    sku                 varchar(100),
    codigo_barras       varchar(50),
    cod_integracao      bigint,
    quantidade_estoque  numeric(14, 3) NOT NULL DEFAULT 0,
    estoque_minimo      numeric(14, 3) NOT NULL DEFAULT 0,
    ordem               integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS variacao_produto ON convencional.variacao (produto_id);

CREATE TABLE IF NOT EXISTS convencional.pedido (
    id                   varchar(36) PRIMARY KEY,
    loja_id              varchar(36) NOT NULL REFERENCES convencional.loja (id),
    numero               bigint NOT NULL,
    status               varchar(20) NOT NULL,
    tipo_entrega         varchar(20) NOT NULL,
    subtotal             numeric(12, 2) NOT NULL,
    desconto             numeric(12, 2) NOT NULL,
    taxa_entrega         numeric(12, 2) NOT NULL,
    ajuste_pagamento     numeric(12, 2) NOT NULL,
    total                numeric(12, 2) NOT NULL,
    observacoes          text,
    motivo_cancelamento  text,
    tempo_entrega        varchar(100),
    codigo_rastreio      varchar(100),
    url_rastreio         varchar(500),
    pagamento_status     varchar(20),
    pagamentos           jsonb NOT NULL DEFAULT '[]',
    cliente_nome         varchar(200) NOT NULL,
    cliente_celular      varchar(30),
    cliente_email        varchar(200),
    cliente_documento    varchar(20),
    cliente_endereco     varchar(300),
    cliente_bairro       varchar(100),
    cliente_cidade       varchar(100),
    cliente_uf           varchar(2),
    cliente_cep          varchar(10),
    cliente_numero       varchar(20),
    cliente_complemento  varchar(100),
    cliente_referencia   varchar(200),
    criado_em            timestamptz NOT NULL,
    atualizado_em        timestamptz NOT NULL,
    removido_em          timestamptz,
    versao               bigint NOT NULL DEFAULT 0,
    UNIQUE (loja_id, numero)
);
CREATE INDEX IF NOT EXISTS pedido_pagina ON convencional.pedido (loja_id, criado_em DESC, numero DESC)
    WHERE removido_em IS NULL;

CREATE TABLE IF NOT EXISTS convencional.pedido_item (
    id           varchar(36) PRIMARY KEY,
    pedido_id    varchar(36) NOT NULL REFERENCES convencional.pedido (id),
    linha        integer NOT NULL,
    quantidade   numeric(14, 3) NOT NULL,
    preco_unit   numeric(12, 2) NOT NULL,
    produto      jsonb NOT NULL,
    variacao     jsonb,
    observacao   varchar(500),
    opcoes       jsonb
);
CREATE INDEX IF NOT EXISTS pedido_item_pedido ON convencional.pedido_item (pedido_id, linha);

CREATE TABLE IF NOT EXISTS convencional.nota_fiscal (
    id         varchar(36) PRIMARY KEY,
    pedido_id  varchar(36) NOT NULL REFERENCES convencional.pedido (id),
    resumo     jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS nota_fiscal_pedido ON convencional.nota_fiscal (pedido_id);

CREATE TABLE IF NOT EXISTS convencional.etiqueta (
    id         varchar(36) PRIMARY KEY,
    pedido_id  varchar(36) NOT NULL REFERENCES convencional.pedido (id),
    resumo     jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS etiqueta_pedido ON convencional.etiqueta (pedido_id);

CREATE TABLE IF NOT EXISTS convencional.outbox (
    id         bigserial PRIMARY KEY,
    loja_id    varchar(36) NOT NULL,
    evento     varchar(50) NOT NULL,
    recurso    varchar(36) NOT NULL,
    corpo      jsonb NOT NULL,
    criado_em  timestamptz NOT NULL DEFAULT now()
);
