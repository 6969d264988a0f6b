#!/usr/bin/env python3
"""Freshness of incremental sync across two nodes (bench/run.sh, CENARIOS=sincronia).

  sincronia.py medir ESCRITA LEITURA TOKEN ESCRITAS CARGA
      Writes ESCRITAS changes one after another on the node at ESCRITA (a product created, a product changed, an
      order created, a customer created, in turn) and, after each write's response, polls the sync list of that
      resource on the node at LEITURA with the cursor it keeps, until the change is listed at its versao. The delay
      is the time from the write's response to the poll that listed it. CARGA threads meanwhile create products on
      the writing node without pause, in the same store, so that writes are in flight while the poller reads.
      Before them, AQUECIMENTO rounds of the four writes go the same way uncounted: the first body of each kind a
      freshly started node serves loads its code (seconds on a loaded machine), which is not what is measured.
      Prints one result line per resource and one for all. Every page is checked for an (id, versao) listed twice.

Standard library only.
"""
import json
import math
import sys
import threading
import time
import urllib.request


def pedir(base, token, metodo, caminho, corpo=None):
    dados = None if corpo is None else json.dumps(corpo).encode()
    req = urllib.request.Request(base + caminho, dados, method=metodo,
                                 headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resposta:
        return resposta.status, json.loads(resposta.read() or b"null")


def cpf(n):
    d = [int(c) for c in f"{n:09d}"[-9:]]
    for k in (9, 10):
        soma = sum(d[i] * (k + 1 - i) for i in range(k))
        resto = soma % 11
        d.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, d))


class Leitor:
    """A poller of one resource's sync on one node: atualizadoDesde once, then the cursor of each page."""

    def __init__(self, base, token, recurso):
        self.base, self.token, self.recurso = base, token, recurso
        self.cursor = None
        self.vistos = set()
        self.paginas = 0

    def ler(self):
        while True:
            consulta = "atualizadoDesde=2000-01-01T00:00:00Z" if self.cursor is None else "cursor=" + self.cursor
            status, corpo = pedir(self.base, self.token, "GET", f"/v1/{self.recurso}?{consulta}&limite=100")
            assert status == 200, (status, corpo)
            self.paginas += 1
            for item in corpo[self.recurso]:
                chave = (item["id"], item["versao"])
                assert chave not in self.vistos, f"repetido: {chave}"
                self.vistos.add(chave)
            self.cursor = corpo["cursor"]
            if not corpo["temMais"]:
                return


def percentil(valores, p):
    ordenados = sorted(valores)
    return ordenados[max(0, math.ceil(p / 100 * len(ordenados)) - 1)]


AQUECIMENTO = 2


def medir(escrita, leitura, token, escritas, carga):
    leitores = {r: Leitor(leitura, token, r) for r in ("produtos", "pedidos", "clientes")}
    for leitor in leitores.values():
        leitor.ler()
    parar = threading.Event()
    contagem = [0]

    def carregar(k):
        n = 0
        while not parar.is_set():
            pedir(escrita, token, "POST", "/v1/produtos", {"nome": f"Carga {k}-{n}", "preco": 1})
            n += 1
            contagem[0] += 1

    fios = [threading.Thread(target=carregar, args=(k,), daemon=True) for k in range(carga)]
    for fio in fios:
        fio.start()
    _, produto = pedir(escrita, token, "POST", "/v1/produtos", {"nome": "Base", "preco": 10})
    atrasos = {"produtos": [], "pedidos": [], "clientes": []}
    inicio = time.time()
    for i in range(-4 * AQUECIMENTO, escritas):
        tipo = i % 4
        if tipo == 0:
            status, corpo = pedir(escrita, token, "POST", "/v1/produtos", {"nome": f"Produto {i}", "preco": 10})
            recurso = "produtos"
        elif tipo == 1:
            status, corpo = pedir(escrita, token, "PUT", f"/v1/produtos/{produto['id']}", {"preco": 10 + i})
            recurso = "produtos"
        elif tipo == 2:
            status, corpo = pedir(escrita, token, "POST", "/v1/pedidos",
                                  {"tipoEntrega": "BALCAO", "cliente": {"nome": "Bench"},
                                   "itens": [{"produtoId": produto["id"], "quantidade": 1}]})
            recurso = "pedidos"
        else:
            status, corpo = pedir(escrita, token, "POST", "/v1/clientes",
                                  {"nome": f"Cliente {i}", "documento": cpf(100000 + i)})
            recurso = "clientes"
        respondeu = time.monotonic()
        assert status in (200, 201), (status, corpo)
        chave = (corpo["id"], corpo["versao"])
        leitor = leitores[recurso]
        while chave not in leitor.vistos:
            leitor.ler()
            assert time.monotonic() - respondeu < 60, f"{chave} não listado em 60 s"
        if i >= 0:
            atrasos[recurso].append((time.monotonic() - respondeu) * 1000)
        else:
            inicio = time.time()
    duracao = time.time() - inicio
    parar.set()
    for fio in fios:
        fio.join(30)
    todos = [a for lista in atrasos.values() for a in lista]
    paginas = sum(leitor.paginas for leitor in leitores.values())
    for recurso, lista in list(atrasos.items()) + [("todos", todos)]:
        print(f"sincronia-{recurso} carga={carga} escritas={len(lista)} p50_ms={percentil(lista, 50):.1f} "
              f"p90_ms={percentil(lista, 90):.1f} p99_ms={percentil(lista, 99):.1f} max_ms={max(lista):.1f} "
              f"paginas_lidas={paginas if recurso == 'todos' else '-'} escritas_de_carga={contagem[0]} "
              f"s={duracao:.1f}")
        sys.stdout.flush()


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[1] == "medir":
        medir(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6]))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
