"""Rebuild benchmark of bench/run.sh (CENARIOS=reconstrucao): watches GET /admin/projecoes.

  alcance BASE ADMIN_TOKEN CABECA_ANTES T0 MAXIMO_S [PROCESSADORES]
      After the fill committed at T0 (epoch seconds), waits until every streaming processor is back at the head
      (atraso 0) and prints one line per processor: the events it went through (the head now minus the head before
      the fill), the seconds from T0 to the first reading at the head, and the rate over the second half of them
      (from the first reading with atraso at most half), once the processors that only skip order events are
      done and the JVM is warm. Readings every 0.5 s. PROCESSADORES (comma-separated): only those are waited for.
  aquecer BASE TOKEN_DA_LOJA CAMINHO...
      1,500 reads of those paths in turn, each expected to answer 200: the read path warmed up before a rebuild.
  reconstruir BASE ADMIN_TOKEN PROCESSADOR MAXIMO_S [TOKEN_DA_LOJA CAMINHO...]
      POST /admin/projecoes/PROCESSADOR/replay, then reads every 0.25 s until its reconstrucao is "concluida" and
      prints the wall-clock figures (the head at the POST / seconds from the POST to the first reading that shows
      the rebuild done) beside the service's own (eventos, concluidaEm - iniciadaEm, eventosPorSegundo). With a
      store's token and paths, a client reads those paths in turn with it all along (one request every 20 ms) and
      the line also says how many reads there were and how many did not answer 200 with a body (leituras=,
      falhas=); any failed read makes the exit non-zero.
Every line ends with carga1, the 1-minute load average when it was measured: other work on the machine shows there.
Progress goes to stderr; exits non-zero when a processor fails, the time runs out or the replay is refused.
"""
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime


def pedir(base, token, caminho, metodo="GET"):
    req = urllib.request.Request(base + caminho, method=metodo, data=b"" if metodo == "POST" else None,
                                 headers={"Authorization": "Bearer " + token})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            corpo = r.read()
            return r.status, json.loads(corpo) if corpo else None
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def projecoes(base, token):
    status, corpo = pedir(base, token, "/admin/projecoes")
    if status != 200:
        sys.exit(f"GET /admin/projecoes: HTTP {status} {corpo}")
    return {p["nome"]: p for p in corpo["projecoes"]}


def instante(texto):
    return datetime.fromisoformat(texto.replace("Z", "+00:00")).timestamp() if texto else None


def alcance(base, token, cabeca_antes, t0, maximo, processadores=""):
    cabeca_antes, t0, maximo = int(cabeca_antes), float(t0), float(maximo)
    so = set(filter(None, processadores.split(",")))
    chegadas = {}
    metades = {}
    proximo_aviso = time.time() + 10
    while True:
        agora = time.time()
        estado = {n: p for n, p in projecoes(base, token).items() if not so or n in so}
        for nome, p in estado.items():
            if p["estado"] == "error":
                sys.exit(f"processador {nome} em erro durante o alcance: {p}")
            if nome not in metades and p["atraso"] <= (p["cabeca"] - cabeca_antes) / 2:
                metades[nome] = (agora - t0, p["atraso"])
            if nome not in chegadas and p["atraso"] == 0:
                chegadas[nome] = (agora - t0, p["cabeca"])
        if len(chegadas) == len(estado):
            break
        if agora - t0 > maximo:
            faltam = {n: p["atraso"] for n, p in estado.items() if n not in chegadas}
            sys.exit(f"alcance: {maximo:.0f} s e ainda atrasados: {faltam}")
        if agora >= proximo_aviso:
            proximo_aviso = agora + 10
            faltam = sorted((p["atraso"], n) for n, p in estado.items() if n not in chegadas)
            print(f"  alcance {agora - t0:.0f} s: pedido-view atraso {estado.get('pedido-view', {}).get('atraso')};"
                  f" {len(faltam)} processadores atrás, o mais atrás {faltam[-1][1]} ({faltam[-1][0]})",
                  file=sys.stderr)
        time.sleep(0.5)
    carga = os.getloadavg()[0]
    for nome, (segundos, cabeca) in sorted(chegadas.items(), key=lambda c: (c[0] != "pedido-view", c[1][0])):
        eventos = cabeca - cabeca_antes
        meio, restantes = metades[nome]
        metade = f"{restantes / (segundos - meio):.0f}" if segundos > meio else "-"
        print(f"alcance-{nome} eventos={eventos} s={segundos:.1f} eventos_s={eventos / segundos:.0f} "
              f"eventos_s_2a_metade={metade} carga1={carga:.1f}")


def ler_durante(base, token, caminhos, parar, contagem):
    """Reads the paths in turn until parar is set; counts the reads and those not answered 200 with a body."""
    i = 0
    while not parar.is_set():
        caminho = caminhos[i % len(caminhos)]
        i += 1
        try:
            status, corpo = pedir(base, token, caminho)
            ok = status == 200 and bool(corpo)
        except Exception as e:  # a refused or dropped connection is a failed read too
            status, corpo, ok = None, repr(e), False
        contagem["leituras"] += 1
        if not ok:
            contagem["falhas"] += 1
            if contagem["falhas"] <= 3:
                print(f"  leitura falhou durante a reconstrução: GET {caminho} HTTP {status} {str(corpo)[:200]}",
                      file=sys.stderr)
        parar.wait(0.02)


def aquecer(base, token_loja, *caminhos):
    """The reads of the rebuild's client, 1,500 of them, before the rebuild and its CPU window: a running service has
    served reads before, and cold, with the JIT compiling the read path, a read cost ~10 ms of the service's CPU."""
    for i in range(1500):
        status, corpo = pedir(base, token_loja, caminhos[i % len(caminhos)])
        if status != 200:
            sys.exit(f"GET {caminhos[i % len(caminhos)]}: HTTP {status} {corpo}")


def reconstruir(base, token, nome, maximo, token_loja=None, *caminhos):
    maximo = float(maximo)
    parar = threading.Event()
    contagem = {"leituras": 0, "falhas": 0}
    leitor = None
    if token_loja and caminhos:
        leitor = threading.Thread(target=ler_durante, args=(base, token_loja, list(caminhos), parar, contagem),
                                  daemon=True)
    todas = projecoes(base, token)
    if nome not in todas:
        sys.exit(f"nenhum processador {nome}: {sorted(todas)}")
    antes = todas[nome]
    anterior = (antes.get("reconstrucao") or {}).get("iniciadaEm")
    cabeca = antes["cabeca"]
    if leitor:
        leitor.start()
    inicio = time.time()
    status, corpo = pedir(base, token, f"/admin/projecoes/{nome}/replay", "POST")
    if status != 202:
        print(f"reconstrucao-{nome} indisponivel http={status}")
        sys.exit(f"POST /admin/projecoes/{nome}/replay: HTTP {status} {corpo}")
    proximo_aviso = inicio + 10
    while True:
        agora = time.time()
        p = projecoes(base, token)[nome]
        r = p.get("reconstrucao") or {}
        if r.get("iniciadaEm") and r.get("iniciadaEm") != anterior:
            if r.get("estado") == "concluida":
                break
            if r.get("estado") == "falhou":
                sys.exit(f"reconstrução de {nome} falhou: {p}")
        if p["estado"] == "error":
            sys.exit(f"processador {nome} em erro durante a reconstrução: {p}")
        if agora - inicio > maximo:
            sys.exit(f"reconstrução de {nome}: {maximo:.0f} s e não terminou: {p}")
        if agora >= proximo_aviso:
            proximo_aviso = agora + 10
            print(f"  reconstrução {agora - inicio:.0f} s: {p['estado']}, posição {p['posicao']} de {p['cabeca']}, "
                  f"progresso {p.get('progressoReplay')}, término estimado {p.get('terminoEstimado')}",
                  file=sys.stderr)
        time.sleep(0.25)
    segundos = agora - inicio
    leituras = ""
    if leitor:
        parar.set()
        leitor.join()
        leituras = f" leituras={contagem['leituras']} falhas={contagem['falhas']}"
    servico_s = instante(r.get("concluidaEm")) - instante(r.get("iniciadaEm"))
    taxa = float(r.get("eventosPorSegundo") or 0)
    print(f"reconstrucao-{nome} eventos={cabeca} s={segundos:.1f} eventos_s={cabeca / segundos:.0f} "
          f"servico_eventos={r.get('eventos')} servico_s={servico_s:.1f} "
          f"servico_eventos_s={taxa:.0f}{leituras} carga1={os.getloadavg()[0]:.1f}")
    if contagem["falhas"]:
        sys.exit(f"{contagem['falhas']} leituras de {contagem['leituras']} falharam durante a reconstrução")


if __name__ == "__main__":
    {"alcance": alcance, "aquecer": aquecer, "reconstruir": reconstruir}[sys.argv[1]](*sys.argv[2:])
