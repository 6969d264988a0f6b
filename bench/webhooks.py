#!/usr/bin/env python3
"""Local webhook receiver and report for the webhook benchmark (bench/run.sh, CENARIOS=webhooks).

  webhooks.py receber PORTA SAIDA.jsonl
      Answers every POST with 200 and an empty body at once, then appends one JSON line per request to SAIDA:
      the arrival time (time.time(), taken before the body is read), the path, X-Service-Entrega,
      X-Service-Tentativa, X-Service-Event and the body's criadoEm. GET /contagem?caminho=/x answers how many
      distinct deliveries (X-Service-Entrega) arrived on path /x so far, for the drain wait. GET /segurar?caminho=/x
      makes the POSTs to /x wait for their answer until GET /soltar?caminho=/x: the service's sending threads
      stay busy, so a backlog builds up that is then delivered as fast as the service can.

  webhooks.py relatorio SAIDA.jsonl CAMINHO NOME CONEXOES EVENTOS INICIO FIM [SOLTURA]
      Prints one result line for the deliveries that arrived on CAMINHO: EVENTOS is how many events the service
      created (counted on its side), INICIO/FIM the epoch seconds of the load window, SOLTURA when the receiver
      let a held path go (then the rate and the drain count from there).

Standard library only: the benchmark needs nothing installed but python3 and wrk.
"""
import json
import sys
import threading
import time
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


def receber(porta, caminho_saida):
    saida = open(caminho_saida, "a", encoding="utf-8")
    trava = threading.Lock()
    entregas = {}  # path -> set of X-Service-Entrega
    seguros = {}  # path -> threading.Event, set when the path is let go

    class Receptor(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as a real receiver would offer

        def do_POST(self):
            chegada = time.time()
            corpo = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with trava:
                seguro = seguros.get(self.path)
            if seguro is not None:
                seguro.wait(60)
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()
            try:
                criado_em = json.loads(corpo).get("criadoEm")
            except ValueError:
                criado_em = None
            entrega = self.headers.get("X-Service-Entrega")
            linha = json.dumps({"chegada": chegada, "caminho": self.path, "entrega": entrega,
                                "tentativa": self.headers.get("X-Service-Tentativa"),
                                "evento": self.headers.get("X-Service-Event"), "criadoEm": criado_em})
            with trava:
                saida.write(linha + "\n")
                saida.flush()
                entregas.setdefault(self.path, set()).add(entrega)

        def do_GET(self):
            url = urlparse(self.path)
            caminho = parse_qs(url.query).get("caminho", [""])[0]
            with trava:
                if url.path == "/segurar":
                    seguros[caminho] = threading.Event()
                elif url.path == "/soltar" and caminho in seguros:
                    seguros.pop(caminho).set()
                n = len(entregas.get(caminho, ()))
            corpo = str(n).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(corpo)))
            self.end_headers()
            self.wfile.write(corpo)

        def log_message(self, *args):
            pass

    class Servidor(ThreadingHTTPServer):
        # socketserver's default listen backlog is 5: with up to WEBHOOK_THREADS attempts connecting at once, a
        # full backlog drops SYNs and the kernel retries them after 1 s, which showed up as ~1.1 s deliveries.
        request_queue_size = 1024

    servidor = Servidor(("127.0.0.1", porta), Receptor)
    servidor.daemon_threads = True
    servidor.serve_forever()


def instante(texto):
    """An ISO-8601 instant as Jackson writes java.time.Instant (up to nanoseconds, Z) -> epoch seconds."""
    texto = texto.rstrip("Z")
    base, _, fracao = texto.partition(".")
    segundos = datetime.strptime(base, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc).timestamp()
    return segundos + (int(fracao) / 10 ** len(fracao) if fracao else 0.0)


def percentil(ordenados, p):
    """Nearest rank."""
    if not ordenados:
        return float("nan")
    k = max(0, min(len(ordenados) - 1, -(-p * len(ordenados) // 100) - 1))
    return ordenados[int(k)]


def relatorio(caminho_saida, caminho, nome, conexoes, eventos, inicio, fim, soltura=None):
    registros = []
    with open(caminho_saida, encoding="utf-8") as f:
        for linha in f:
            r = json.loads(linha)
            if r["caminho"] == caminho:
                registros.append(r)
    vistos = set()
    duplicadas = 0
    for r in registros:
        chave = (r["entrega"], r["tentativa"])
        if chave in vistos:
            duplicadas += 1
        vistos.add(chave)
    entregas = len({r["entrega"] for r in registros})
    retentativas = sum(1 for r in registros if r["tentativa"] not in ("1", None))
    # Latency of the first arrival of each delivery: event timestamp -> arrival at this receiver.
    primeira = {}
    for r in registros:
        if r["entrega"] not in primeira or r["chegada"] < primeira[r["entrega"]]["chegada"]:
            primeira[r["entrega"]] = r
    latencias = sorted((r["chegada"] - instante(r["criadoEm"])) * 1000 for r in primeira.values())
    chegadas = sorted(r["chegada"] for r in primeira.values())
    janela = fim - inicio
    na_carga = sum(1 for c in chegadas if inicio <= c <= fim)
    if soltura is not None and chegadas:
        # The backlog: what arrived after the receiver let go (the held ones arrived before), over that time.
        depois = sum(1 for c in chegadas if c >= soltura)
        por_s = depois / (chegadas[-1] - soltura) if chegadas[-1] > soltura else float("nan")
        dreno = max(0.0, chegadas[-1] - soltura)
    elif len(chegadas) > 1:
        vao = chegadas[-1] - chegadas[0]
        por_s = len(chegadas) / vao if vao > 0 else float("nan")
        dreno = max(0.0, chegadas[-1] - fim)
    else:
        por_s, dreno = float("nan"), float("nan")
    print(f"{nome} conexoes={conexoes} eventos={eventos} entregas={entregas} faltando={eventos - entregas} "
          f"duplicadas={duplicadas} retentativas={retentativas} eventos_por_s={eventos / janela:.1f} "
          f"entregas_por_s={por_s:.1f} entregas_por_s_carga={na_carga / janela:.1f} dreno_s={dreno:.1f} "
          f"p50_ms={percentil(latencias, 50):.1f} p95_ms={percentil(latencias, 95):.1f} "
          f"p99_ms={percentil(latencias, 99):.1f} max_ms={(latencias[-1] if latencias else float('nan')):.1f}")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "receber":
        receber(int(sys.argv[2]), sys.argv[3])
    elif len(sys.argv) in (9, 10) and sys.argv[1] == "relatorio":
        relatorio(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6]), float(sys.argv[7]),
                  float(sys.argv[8]), float(sys.argv[9]) if len(sys.argv) == 10 else None)
    else:
        sys.exit(__doc__)
