#!/usr/bin/env python3
"""Which reads of one store scan a big table whole, with other stores' rows beside it (bench/run.sh, varreduras).

   varreduras.py BASE ADMIN_TOKEN QUICKSTART SERVER_LOG LOJAS_DE_RUIDO -- PSQL...

The bench's stores hold a few hundred rows each, on which a sequential scan costs nothing and no plan shows what a
store with a year of orders would pay. So: docs/quickstart.sh makes one store with one of everything (product,
variation, category, customer, order, invoice, labels, webhook); its rows in every read model are then copied
under new ids for LOJAS_DE_RUIDO other stores (up to 200,000 rows a table), the tables analysed, and every GET route
of /v1/openapi.json (path parameters filled with the store's ids, plus the filters, sync and revalidation that
clients use) asked once. The cluster logs every plan of the service's statements (auto_explain, set up by run.sh):
the plans logged while a route runs are searched for sequential scans of tables that hold more than 5,000 rows.
One line per request; then the quickstart once more, for a store of its own beside the copies (its writes: store,
token, category, product, customer, order, stock, invoice, labels, webhook, the panel's edit, revocation), searched
the same way as one; then a summary: rotas=N requisicoes=M com_varredura=K (requests, or the quickstart, that
scanned one).

PSQL is the command line (after "--") that runs SQL on the service's database as a superuser.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

LIMIAR = 5000

# Tables copied per store: the read models and lookups. Left out: tokens (unique hashes), the send queue and the
# webhooks' destinations (copies would be sent to), idempotency records, slugs and order counters (unique per store).
FORA = {"api_token", "chave_de_webhook", "idempotencia", "loja_slug", "pedido_numero", "webhook_envio",
        "webhook_saude", "webhook_destino"}

# Ids are text columns named id or *_id (loja_id aside), rewritten the same way in every table so that references
# between the copies hold; the feed's positions are moved past the store's.
COPIAR = r"""
DO $$
DECLARE t text; cols text; sel text; n bigint; vezes bigint; loja text := %(loja)s; lojas int := %(lojas)s;
BEGIN
  FOR t IN SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables tb
              ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
            WHERE c.table_schema = current_schema() AND c.column_name = 'loja_id'
              AND c.table_name <> ALL (%(fora)s) ORDER BY 1 LOOP
    EXECUTE format('SELECT count(*) FROM %%I WHERE loja_id = $1', t) INTO n USING loja;
    CONTINUE WHEN n = 0;
    vezes := greatest(1, least(lojas, 200000 / n));
    SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position),
           string_agg(CASE WHEN column_name = 'loja_id' THEN 'left(md5(''ruido'' || k), 36)'
                           WHEN column_name = 'posicao' AND t = 'evento_loja' THEN 'posicao + k::bigint * 1000000000'
                           WHEN (column_name = 'id' OR column_name LIKE '%%\_id') AND data_type LIKE 'character%%'
                             THEN 'left(md5(' || quote_ident(column_name) || ' || k), 36)'
                           ELSE quote_ident(column_name) END, ', ' ORDER BY ordinal_position)
      INTO cols, sel FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = t;
    -- The copies must not wake the service's listeners 200,000 times: triggers off while they go in.
    EXECUTE format('ALTER TABLE %%I DISABLE TRIGGER USER', t);
    EXECUTE format('INSERT INTO %%I (%%s) SELECT %%s FROM %%I CROSS JOIN generate_series(1, %%s) k WHERE loja_id = $1',
                   t, cols, sel, t, vezes) USING loja;
    EXECUTE format('ALTER TABLE %%I ENABLE TRIGGER USER', t);
  END LOOP;
END $$;
"""


def psql(comando, sql):
    return subprocess.run(comando + ["-c", sql], check=True, capture_output=True, text=True).stdout.strip()


def literal(texto):
    return "'" + texto.replace("'", "''") + "'"


def pedir(base, caminho, token, cabecalhos=None, metodo="GET", corpo=None):
    requisicao = urllib.request.Request(base + caminho, method=metodo, data=corpo,
                                        headers={"Authorization": "Bearer " + token, **(cabecalhos or {})})
    try:
        with urllib.request.urlopen(requisicao, timeout=120) as resposta:
            return resposta.status, resposta.read(), resposta.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers


def rodar_quickstart(base, admin, quickstart):
    """Runs docs/quickstart.sh against the service: the match of its last line (store, order), None if it failed."""
    with tempfile.TemporaryDirectory() as pasta:
        saida = subprocess.run(["bash", quickstart], cwd=pasta, capture_output=True, text=True,
                               env={**os.environ, "BASE_URL": base, "ADMIN_TOKEN": admin})
    achado = re.search(r"\(store ([0-9a-f-]{36}), order ([0-9a-f-]{36})\)", saida.stdout)
    if saida.returncode != 0 or not achado:
        print(saida.stdout[-2000:] + saida.stderr[-2000:], file=sys.stderr)
        return None
    return achado


def main():
    base, admin, quickstart, log_servidor, lojas = sys.argv[1:6]
    comando = sys.argv[sys.argv.index("--") + 1:]

    achado = rodar_quickstart(base, admin, quickstart)
    if not achado:
        sys.exit("varreduras: o quickstart falhou")
    loja = achado.group(1)
    # The quickstart revokes its token at the end.
    status, corpo, _ = pedir(base, "/admin/lojas/%s/tokens" % loja, admin, {"Content-Type": "application/json"},
                             "POST", b'{"nome": "varreduras"}')
    if status != 201:
        sys.exit("varreduras: o token não foi criado: %d %s" % (status, corpo[:300]))
    token = json.loads(corpo)["token"]

    inicio = time.monotonic()
    psql(comando, COPIAR % {"loja": literal(loja), "lojas": int(lojas),
                            "fora": "ARRAY[" + ", ".join(literal(t) for t in sorted(FORA)) + "]"})
    psql(comando, "ANALYZE")
    grandes = psql(comando, "SELECT string_agg(relname || ':' || reltuples::bigint, ' ' ORDER BY relname) FROM pg_class"
                            " WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace"
                            " AND reltuples > %d" % LIMIAR)
    print("varreduras-ruido segundos=%.1f tabelas_grandes=%s" % (time.monotonic() - inicio, grandes.replace(" ", ",")))
    tabelas = [t.split(":")[0] for t in grandes.split()]

    def um(sql):
        return psql(comando, sql.replace(":loja", literal(loja)))

    ids = {
        "produto": um("SELECT id FROM produto_view WHERE loja_id = :loja LIMIT 1"),
        "variacao": um("SELECT id FROM variacao_view WHERE loja_id = :loja LIMIT 1"),
        "categoria": um("SELECT id FROM categoria_view WHERE loja_id = :loja LIMIT 1"),
        "grupo": um("SELECT coalesce(max(id), 'nenhum') FROM grupo_complemento_view WHERE loja_id = :loja"),
        "cliente": um("SELECT id FROM cliente_view WHERE loja_id = :loja LIMIT 1"),
        "pedido": achado.group(2),
        "nota": um("SELECT id FROM nota_fiscal_view WHERE loja_id = :loja LIMIT 1"),
        "etiqueta": um("SELECT id FROM etiqueta_view WHERE loja_id = :loja LIMIT 1"),
        "webhook": um("SELECT id FROM webhook_view WHERE loja_id = :loja LIMIT 1"),
    }
    por_prefixo = {"/variacoes/": "variacao", "/produtos/": "produto", "/grupos-complemento/": "grupo",
                   "/categorias/": "categoria", "/clientes/": "cliente", "/pedidos/": "pedido",
                   "/webhooks/": "webhook"}

    _, corpo, _ = pedir(base, "/v1/openapi.json", token)
    rotas = []
    for caminho, operacoes in json.loads(corpo)["paths"].items():
        if "get" not in operacoes:
            continue
        caminho = caminho.replace("{pedidoId}", ids["pedido"]).replace("{notaId}", ids["nota"]) \
                         .replace("{etiquetaId}", ids["etiqueta"])
        for prefixo, nome in por_prefixo.items():
            if caminho.startswith(prefixo) and "{id}" in caminho:
                caminho = caminho.replace("{id}", ids[nome])
        rotas.append("/v1" + caminho)
    desde = "atualizadoDesde=2000-01-01T00:00:00Z"
    rotas += ["/v1/produtos?busca=pizza", "/v1/produtos?categoriaId=" + ids["categoria"], "/v1/clientes?busca=ana",
              "/v1/pedidos?status=PENDENTE", "/v1/pedidos?desde=2000-01-01T00:00:00Z&ate=2100-01-01T00:00:00Z",
              "/v1/pedidos?limite=100&page=2", "/v1/eventos?limite=10",
              "/v1/pedidos?" + desde, "/v1/produtos?" + desde, "/v1/clientes?" + desde, "/v1/categorias?" + desde,
              "/v1/pedidos/%s/etiqueta?formato=zpl" % ids["pedido"]]

    # Every plan the cluster runs from here on goes to its log, until the end.
    psql(comando, "ALTER SYSTEM SET auto_explain.log_min_duration = 0")
    psql(comando, "SELECT pg_reload_conf()")
    time.sleep(1)
    pedidos = com_varredura = 0
    for rota in rotas:
        for revalidar in (False, True):
            cabecalhos = {}
            if revalidar:
                _, _, h = pedir(base, rota, token)
                if not h.get("ETag"):
                    continue
                cabecalhos = {"If-None-Match": h["ETag"]}
            antes = os.path.getsize(log_servidor)
            t0 = time.monotonic()
            status, _, _ = pedir(base, rota, token, cabecalhos)
            ms = (time.monotonic() - t0) * 1000
            if status >= 500:
                sys.exit("varreduras: %s respondeu %d" % (rota, status))
            # auto_explain writes a plan as its statement ends, before the result goes back: the request's plans
            # are in the log by the time it answers.
            with open(log_servidor, errors="replace") as log:
                log.seek(antes)
                planos = log.read()
            varridas = sorted({t for t in re.findall(r"Seq Scan on (\w+)", planos) if t in tabelas})
            pedidos += 1
            com_varredura += bool(varridas)
            print("varreduras-rota status=%d ms=%.1f %s%s varridas=%s" % (
                status, ms, rota, " (If-None-Match)" if revalidar else "", ",".join(varridas) or "nenhuma"))
    # The writes: the quickstart again, for a store of its own beside the copies (its writes are what the log shows).
    antes = os.path.getsize(log_servidor)
    t0 = time.monotonic()
    if rodar_quickstart(base, admin, quickstart) is None:
        sys.exit("varreduras: o segundo quickstart falhou")
    with open(log_servidor, errors="replace") as log:
        log.seek(antes)
        varridas = sorted({t for t in re.findall(r"Seq Scan on (\w+)", log.read()) if t in tabelas})
    print("varreduras-quickstart segundos=%.1f varridas=%s" % (time.monotonic() - t0, ",".join(varridas) or "nenhuma"))
    com_varredura += bool(varridas)
    psql(comando, "ALTER SYSTEM RESET auto_explain.log_min_duration")
    psql(comando, "SELECT pg_reload_conf()")
    print("varreduras rotas=%d requisicoes=%d com_varredura=%d" % (len(rotas), pedidos, com_varredura))


if __name__ == "__main__":
    main()
