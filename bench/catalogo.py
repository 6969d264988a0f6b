#!/usr/bin/env python3
"""Catalog loading: products per second through POST /v1/produtos/lote against single upserts (bench/catalogo.sh).

  catalogo.py medir BASE TOKEN PRODUTOS LOTE "CONEXOES..." [AQUECIMENTO]
  catalogo.py relatorio < result lines    (a Markdown table, then batch over single per kind and connections)

For each number of connections in CONEXOES, in the same run and the same store, four scenarios load PRODUTOS
products of an ERP-like shape (name, price, SKU, category by name, two variations), each with codes of its own:

  unitario-criacao    one POST /v1/produtos with upsert: true per product (new codes: 201)
  lote-criacao        POST /v1/produtos/lote with LOTE products per call (new codes: 201 each)
  unitario-atualizacao, lote-atualizacao
                      the same codes again with a new price (200 each, one produto.atualizado per product)

Each connection is a thread with a keep-alive HTTP/1.1 connection taking the next request from a shared queue.
Before them, AQUECIMENTO products go through each mode uncounted. A 429 is waited out (Retry-After) and the request
sent again: against a service with the default quota, that wait is the point. Every answer is checked: a product
whose status is not the expected one counts as an error. Prints one line per scenario:

  catalogo-<cenario> conexoes=C produtos=N requisicoes=R s=T produtos_s=X p50_ms=.. p95_ms=.. max_ms=.. erros=E esperas_429=W

Standard library only.
"""
import http.client
import json
import math
import queue
import re
import sys
import threading
import time
import urllib.parse


def produto(codigo, preco):
    return {"codIntegracao": codigo, "nome": f"Produto {codigo}", "preco": preco, "sku": f"SKU-{codigo}",
            "categoria": "Mercearia", "quantidadeEstoque": 5,
            "variacoes": [{"nome": "Tamanho", "valor1": "P", "sku": f"SKU-{codigo}-P", "quantidadeEstoque": 2},
                          {"nome": "Tamanho", "valor1": "G", "sku": f"SKU-{codigo}-G", "quantidadeEstoque": 3}]}


class Cliente:
    """One keep-alive connection; reopened after a failure."""

    def __init__(self, base, token):
        url = urllib.parse.urlsplit(base)
        self.host, self.porta = url.hostname, url.port or 80
        self.cabecalhos = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
        self.conexao = None
        self.esperas_429 = 0

    def post(self, caminho, corpo):
        dados = json.dumps(corpo).encode()
        while True:
            if self.conexao is None:
                self.conexao = http.client.HTTPConnection(self.host, self.porta, timeout=300)
            try:
                self.conexao.request("POST", caminho, dados, self.cabecalhos)
                resposta = self.conexao.getresponse()
                texto = resposta.read()
            except (OSError, http.client.HTTPException):
                self.conexao.close()
                self.conexao = None
                raise
            if resposta.status == 429:
                self.esperas_429 += 1
                time.sleep(int(resposta.getheader("Retry-After") or "1"))
                continue
            return resposta.status, json.loads(texto or b"null")


def unitario(cliente, produtos, esperado):
    corpo = dict(produtos[0], upsert=True)
    status, resposta = cliente.post("/v1/produtos", corpo)
    ok = status == esperado and resposta.get("operacao") == ("criado" if esperado == 201 else "atualizado")
    return 0 if ok else 1


def lote(cliente, produtos, esperado):
    status, resposta = cliente.post("/v1/produtos/lote", {"produtos": produtos})
    if status != 200:
        return len(produtos)
    return sum(1 for r in resposta["resultados"] if r["status"] != esperado)


def rodar(base, token, pedidos, conexoes, enviar, esperado):
    """Sends every request (a list of products each) over CONEXOES connections; returns the measures."""
    fila = queue.Queue()
    for p in pedidos:
        fila.put(p)
    latencias, erros, esperas = [], [0], [0]
    trava = threading.Lock()

    def trabalhar():
        cliente = Cliente(base, token)
        while True:
            try:
                produtos = fila.get_nowait()
            except queue.Empty:
                break
            t0 = time.perf_counter()
            try:
                falhas = enviar(cliente, produtos, esperado)
            except Exception as e:  # noqa: BLE001 - a failed request is counted, the run goes on
                print(f"falha: {e!r}", file=sys.stderr)
                falhas = len(produtos)
            dt = time.perf_counter() - t0
            with trava:
                latencias.append(dt)
                erros[0] += falhas
        with trava:
            esperas[0] += cliente.esperas_429

    inicio = time.perf_counter()
    threads = [threading.Thread(target=trabalhar) for _ in range(conexoes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - inicio, sorted(latencias), erros[0], esperas[0]


def percentil(valores, p):
    if not valores:
        return float("nan")
    return valores[min(len(valores) - 1, max(0, math.ceil(p / 100 * len(valores)) - 1))]


def cenario(nome, base, token, codigos, preco, tamanho, conexoes, modo):
    produtos = [produto(c, preco) for c in codigos]
    pedidos = [produtos[i:i + tamanho] for i in range(0, len(produtos), tamanho)]
    esperado = 201 if nome.endswith("criacao") else 200
    s, latencias, erros, esperas = rodar(base, token, pedidos, conexoes, modo, esperado)
    return (f"catalogo-{nome} conexoes={conexoes} produtos={len(produtos)} requisicoes={len(pedidos)} s={s:.2f} "
            f"produtos_s={len(produtos) / s:.1f} p50_ms={percentil(latencias, 50) * 1000:.1f} "
            f"p95_ms={percentil(latencias, 95) * 1000:.1f} max_ms={latencias[-1] * 1000:.1f} "
            f"erros={erros} esperas_429={esperas}")


def medir(base, token, total, tamanho, conexoes, aquecimento):
    # Codes of this run only: a service already holding a catalog is measured as well.
    base_codigos = int(time.time()) % 100000 * 10000000
    proximo = [base_codigos]

    def codigos(n):
        inicio = proximo[0]
        proximo[0] += n
        return range(inicio, inicio + n)

    if aquecimento > 0:
        print(f"Aquecendo ({aquecimento} produtos por modo)...", file=sys.stderr)
        for nome, tam, modo in (("unitario-criacao", 1, unitario), ("lote-criacao", tamanho, lote)):
            aquecer = codigos(aquecimento)
            cenario(nome, base, token, aquecer, 10, tam, max(conexoes), modo)
            cenario(nome.replace("criacao", "atualizacao"), base, token, aquecer, 11, tam, max(conexoes), modo)
    for c in conexoes:
        unitarios, lotes = codigos(total), codigos(total)
        for nome, cods, preco, tam, modo in (("unitario-criacao", unitarios, 10, 1, unitario),
                                             ("lote-criacao", lotes, 10, tamanho, lote),
                                             ("lote-atualizacao", lotes, 11, tamanho, lote),
                                             ("unitario-atualizacao", unitarios, 11, 1, unitario)):
            print(f"  {nome}, {c} conexões, {total} produtos...", file=sys.stderr)
            print(cenario(nome, base, token, cods, preco, tam, c, modo), flush=True)


LINHA = re.compile(r"catalogo-(\w+)-(\w+) conexoes=(\d+) produtos=(\d+) requisicoes=(\d+) s=([\d.]+) "
                   r"produtos_s=([\d.]+) p50_ms=([\d.]+) p95_ms=([\d.]+) max_ms=[\d.]+ erros=(\d+) "
                   r"esperas_429=(\d+)")


def relatorio(linhas):
    """The result lines as a Markdown table, then batch over single per kind of write and connections."""
    medidas = [m for m in (LINHA.match(linha) for linha in linhas) if m]
    print()
    print("| cenário | conexões | produtos | requisições | s | produtos/s | p50 ms | p95 ms | erros | esperas 429 |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for m in medidas:
        print(f"| {m[1]}-{m[2]} | " + " | ".join(m.groups()[2:]) + " |")
    print()
    taxas = {(m[2], int(m[3]), m[1]): float(m[7]) for m in medidas}
    for (tipo, conexoes, modo), taxa in sorted(taxas.items()):
        unitario_ = taxas.get((tipo, conexoes, "unitario"))
        if modo == "lote" and unitario_:
            print(f"lote/unitário, {tipo}, {conexoes} conexões: {taxa / unitario_:.1f}x")


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "relatorio":
        relatorio(sys.stdin)
        sys.exit(0)
    if len(sys.argv) < 7 or sys.argv[1] != "medir":
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    medir(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), [int(c) for c in sys.argv[6].split()],
          int(sys.argv[7]) if len(sys.argv) > 7 else 200)
