#!/usr/bin/env python3
"""Webhook fan-out benchmark of bench/run.sh (CENARIOS=fanout): a receiver of many endpoints, a paced event
driver, and the report.

  fanout.py receber PORTA SAIDA.tsv ATRASO_MS ATRASO_LENTO_MS
      An asyncio HTTP/1.1 server with keep-alive on 127.0.0.1:PORTA. A POST's path is /CLASSE/LOJA/N; the class
      sets when it is answered (200, empty body): "rapido", "aquecimento" and "backlog" after ATRASO_MS, "lento"
      and "aquecimento-lento" after ATRASO_LENTO_MS, anything else at once. A held class (GET /segurar?classe=C)
      answers nothing until GET /soltar?classe=C. Each POST is logged, buffered and written about once a second,
      as one tab-separated line: arrival (time.time() as soon as the request line is read), path, delivery id
      (X-Service-Entrega, else webhook-id), attempt (X-Service-Tentativa), the resource id (the body's dados.id)
      and the time the answer was written (empty when the connection was gone by then). GET /contagem?classe=C:
      distinct deliveries (path, delivery id) of class C so far; GET /descarregar: writes the buffered lines now;
      GET /cpu: this process's CPU seconds (user + system); GET /laco[?zerar=1]: the event loop's lateness (a 50 ms
      tick's overshoot) since the last reset, max and count of ticks late by more than 20 ms, which shows whether
      the receiver kept up.

  fanout.py carregar BASE LOJAS.tsv RECURSO TAXA DURACAO TOTAL CONEXOES SAIDA
      Creates customers (RECURSO=clientes, a valid CPF each) or orders (RECURSO=pedidos, the store's body from
      LOJAS.tsv) with CONEXOES threads, each with its own keep-alive connection (http.client), round robin over
      the stores of LOJAS.tsv (lines: index, token, order body or nothing). Event k is due at start + k / TAXA
      (TAXA 0: as fast as the connections go); nothing is sent after DURACAO seconds (0: no limit) nor beyond
      TOTAL events (0: no limit). Writes SAIDA.tsv (k, store index, resource id, send time, response time,
      status) and SAIDA.json (the window, the rate achieved, the POST latencies, how far behind its schedule it
      fell, its CPU seconds) and prints a summary line on stderr. Exits 1 if any answer was not 2xx.

  fanout.py relatorio chave=valor ...
      Reads the files of one run (named by run.sh, see there) and prints the result block: lines starting with
      "fanout", key=value fields.

Standard library only.
"""
import asyncio
import http.client
import json
import math
import os
import sys
import threading
import time
from urllib.parse import parse_qs, urlparse


# ---------------------------------------------------------------------------------------------------- receiver

class Receptor:
    def __init__(self, saida, atraso, atraso_lento):
        self.saida = open(saida, "a", encoding="utf-8")
        self.atrasos = {"rapido": atraso, "aquecimento": atraso, "backlog": atraso, "lento": atraso_lento,
                        "aquecimento-lento": atraso_lento}
        self.buffer = []
        self.entregas = {}  # class -> set of (path, delivery id)
        self.seguros = {}  # class -> asyncio.Event, set when let go
        self.laco_max = 0.0
        self.laco_atrasados = 0
        self.laco_ticks = 0

    def descarregar(self):
        if self.buffer:
            self.saida.write("".join(self.buffer))
            self.buffer.clear()
            self.saida.flush()

    async def descarregar_sempre(self):
        while True:
            await asyncio.sleep(1)
            self.descarregar()

    async def medir_laco(self):
        while True:
            antes = time.monotonic()
            await asyncio.sleep(0.05)
            excesso = time.monotonic() - antes - 0.05
            self.laco_ticks += 1
            self.laco_max = max(self.laco_max, excesso)
            if excesso > 0.02:
                self.laco_atrasados += 1

    async def post(self, caminho, cabecalhos, corpo, chegada, escritor):
        classe = caminho.split("/", 2)[1] if caminho.count("/") >= 2 else ""
        entrega = cabecalhos.get("x-service-entrega") or cabecalhos.get("webhook-id") or ""
        self.entregas.setdefault(classe, set()).add((caminho, entrega))
        seguro = self.seguros.get(classe)
        if seguro is not None:
            await seguro.wait()
        atraso = self.atrasos.get(classe, 0)
        if atraso:
            await asyncio.sleep(atraso)
        try:
            recurso = json.loads(corpo)["dados"]["id"]
        except (ValueError, KeyError, TypeError):
            recurso = ""
        respondido = ""
        try:
            if escritor.is_closing():  # the sender gave up meanwhile (its time limit)
                raise ConnectionResetError
            escritor.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
            await escritor.drain()
            respondido = f"{time.time():.6f}"
        finally:
            self.buffer.append(f"{chegada:.6f}\t{caminho}\t{entrega}\t{cabecalhos.get('x-service-tentativa', '')}"
                               f"\t{recurso}\t{respondido}\n")

    def get(self, alvo):
        url = urlparse(alvo)
        classe = parse_qs(url.query).get("classe", [""])[0]
        if url.path == "/segurar":
            self.seguros.setdefault(classe, asyncio.Event())
        elif url.path == "/soltar" and classe in self.seguros:
            self.seguros.pop(classe).set()
        elif url.path == "/descarregar":
            self.descarregar()
        if url.path == "/cpu":
            t = os.times()
            return f"{t.user + t.system:.2f}"
        if url.path == "/laco":
            texto = f"max_ms={self.laco_max * 1000:.1f} atrasados={self.laco_atrasados} ticks={self.laco_ticks}"
            if "zerar" in url.query:
                self.laco_max, self.laco_atrasados, self.laco_ticks = 0.0, 0, 0
            return texto
        return str(len(self.entregas.get(classe, ())))

    async def conexao(self, leitor, escritor):
        try:
            while True:
                linha = await leitor.readline()
                if not linha:
                    break
                chegada = time.time()
                partes = linha.split()
                if len(partes) != 3:
                    break
                metodo, alvo, versao = (p.decode("latin-1") for p in partes)
                cabecalhos = {}
                while True:
                    h = await leitor.readline()
                    if h in (b"\r\n", b"\n", b""):
                        break
                    nome, _, valor = h.decode("latin-1").partition(":")
                    cabecalhos[nome.strip().lower()] = valor.strip()
                if cabecalhos.get("expect", "").lower() == "100-continue":
                    escritor.write(b"HTTP/1.1 100 Continue\r\n\r\n")
                if "chunked" in cabecalhos.get("transfer-encoding", "").lower():
                    pedacos = []
                    while True:
                        tamanho = int((await leitor.readline()).split(b";")[0], 16)
                        if tamanho == 0:
                            while (await leitor.readline()) not in (b"\r\n", b"\n", b""):
                                pass
                            break
                        pedacos.append(await leitor.readexactly(tamanho))
                        await leitor.readline()
                    corpo = b"".join(pedacos)
                else:
                    corpo = await leitor.readexactly(int(cabecalhos.get("content-length") or 0))
                fechar = cabecalhos.get("connection", "").lower() == "close" or versao == "HTTP/1.0"
                if metodo == "POST":
                    await self.post(alvo, cabecalhos, corpo, chegada, escritor)
                else:
                    texto = self.get(alvo).encode()
                    escritor.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(texto), texto))
                    await escritor.drain()
                if fechar:
                    break
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        finally:
            escritor.close()


async def servir(porta, saida, atraso_ms, atraso_lento_ms):
    receptor = Receptor(saida, atraso_ms / 1000, atraso_lento_ms / 1000)
    # A listen backlog far above the connections any sender opens at once (see webhooks.py: dropped SYNs are
    # retried by the kernel after 1 s).
    servidor = await asyncio.start_server(receptor.conexao, "127.0.0.1", porta, backlog=4096)
    tarefas = [asyncio.create_task(receptor.descarregar_sempre()), asyncio.create_task(receptor.medir_laco())]
    try:
        async with servidor:
            await servidor.serve_forever()
    finally:
        for t in tarefas:
            t.cancel()
        receptor.descarregar()


def receber(porta, saida, atraso_ms, atraso_lento_ms):
    import signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # the finally above writes what is buffered
    try:
        asyncio.run(servir(int(porta), saida, float(atraso_ms), float(atraso_lento_ms)))
    except (SystemExit, KeyboardInterrupt):
        pass


# ------------------------------------------------------------------------------------------------------ driver

def cpf(n):
    d = [int(c) for c in f"{n:09d}"[-9:]]
    for k in (9, 10):
        soma = sum(d[i] * (k + 1 - i) for i in range(k))
        resto = soma % 11
        d.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, d))


def percentil(ordenados, p):
    """Nearest rank over a sorted list."""
    if not ordenados:
        return float("nan")
    return ordenados[max(0, min(len(ordenados) - 1, math.ceil(p / 100 * len(ordenados)) - 1))]


def carregar(base, arquivo_lojas, recurso, taxa, duracao, total, conexoes, saida):
    taxa, duracao, total, conexoes = float(taxa), float(duracao), int(total), int(conexoes)
    lojas = []
    with open(arquivo_lojas, encoding="utf-8") as f:
        for linha in f:
            partes = linha.rstrip("\n").split("\t")
            lojas.append((partes[0], partes[1], partes[2] if len(partes) > 2 else ""))
    url = urlparse(base)
    caminho = f"/v1/{recurso}"
    trava = threading.Lock()
    proximo = [0]
    registros = []  # (k, store, resource id, sent, answered, status, lateness)
    erros = []
    cpu0 = os.times()
    inicio = time.time() + 0.3  # every thread is up and connected by then
    fim = inicio + duracao if duracao > 0 else math.inf

    def trabalhar():
        conexao = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
        meus = []
        try:
            while True:
                with trava:
                    k = proximo[0]
                    proximo[0] += 1
                if total and k >= total:
                    break
                devido = inicio + k / taxa if taxa > 0 else inicio
                if devido >= fim:
                    break
                espera = devido - time.time()
                if espera > 0:
                    time.sleep(espera)
                envio = time.time()
                if envio >= fim:
                    break
                indice, token, corpo_pedido = lojas[k % len(lojas)]
                corpo = corpo_pedido if recurso == "pedidos" else \
                    json.dumps({"nome": f"Fanout {k}", "documento": cpf(100000 + k)})
                cabecalhos = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
                try:
                    conexao.request("POST", caminho, corpo, cabecalhos)
                    resposta = conexao.getresponse()
                    dados = resposta.read()
                    chegada = time.time()
                    status = resposta.status
                except (OSError, http.client.HTTPException) as e:
                    conexao.close()
                    conexao = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
                    erros.append(f"{type(e).__name__}: {e}")
                    meus.append((k, indice, "", envio, time.time(), 0, envio - devido))
                    continue
                recurso_id = ""
                if 200 <= status < 300:
                    try:
                        recurso_id = json.loads(dados)["id"]
                    except (ValueError, KeyError, TypeError):
                        erros.append(f"HTTP {status} sem id: {dados[:200]!r}")
                else:
                    erros.append(f"HTTP {status}: {dados[:300].decode('utf-8', 'replace')}")
                meus.append((k, indice, recurso_id, envio, chegada, status, envio - devido))
        finally:
            conexao.close()
            with trava:
                registros.extend(meus)

    threads = [threading.Thread(target=trabalhar, daemon=True) for _ in range(conexoes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cpu1 = os.times()
    registros.sort()
    ok = [r for r in registros if 200 <= r[5] < 300 and r[2]]
    with open(saida + ".tsv", "w", encoding="utf-8") as f:
        for r in registros:
            f.write(f"{r[0]}\t{r[1]}\t{r[2]}\t{r[3]:.6f}\t{r[4]:.6f}\t{r[5]}\n")
    fim_respostas = max((r[4] for r in registros), default=inicio)
    # Paced or limited in time: the window is the duration; unpaced: until the last answer.
    janela = duracao if duracao > 0 else max(fim_respostas - inicio, 1e-9)
    latencias = sorted((r[4] - r[3]) * 1000 for r in registros)
    atrasos = sorted(r[6] * 1000 for r in registros)
    resumo = {
        "inicio": inicio, "fim": inicio + janela, "fim_respostas": fim_respostas,
        "eventos": len(ok), "erros": len(erros), "taxa_alvo": taxa, "taxa_obtida": len(ok) / janela,
        "conexoes": conexoes, "post_p50_ms": percentil(latencias, 50), "post_p99_ms": percentil(latencias, 99),
        "post_max_ms": latencias[-1] if latencias else float("nan"),
        "atras_da_agenda_p99_ms": percentil(atrasos, 99),
        "atras_da_agenda_max_ms": atrasos[-1] if atrasos else float("nan"),
        "cpu_s": (cpu1.user + cpu1.system) - (cpu0.user + cpu0.system),
    }
    with open(saida + ".json", "w", encoding="utf-8") as f:
        json.dump(resumo, f)
    print(f"  {recurso}: {len(ok)} criados em {janela:.1f} s ({resumo['taxa_obtida']:.1f}/s, alvo "
          f"{taxa:g}/s), POST p50 {resumo['post_p50_ms']:.1f} ms p99 {resumo['post_p99_ms']:.1f} ms, "
          f"até {resumo['atras_da_agenda_max_ms']:.0f} ms atrás da agenda, CPU {resumo['cpu_s']:.1f} s, "
          f"{len(erros)} erros", file=sys.stderr)
    if erros:
        for e in erros[:5]:
            print("  " + e, file=sys.stderr)
        sys.exit(1)


# ------------------------------------------------------------------------------------------------------ report

def fmt(x, casas=1):
    if isinstance(x, str):
        return x
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:.{casas}f}"


def relatorio(args):
    a = dict(arg.split("=", 1) for arg in args)
    with open(a["carga"] + ".json", encoding="utf-8") as f:
        carga = json.load(f)
    inicio, fim, fim_dreno = carga["inicio"], carga["fim"], float(a["fim_dreno"])
    janela = fim - inicio

    # Endpoints: class, store index, path (the refused ones have a path the receiver never sees), webhook id.
    endpoints = []
    with open(a["endpoints"], encoding="utf-8") as f:
        for linha in f:
            classe, loja, caminho, webhook = linha.rstrip("\n").split("\t")
            endpoints.append((classe, loja, caminho, webhook))
    rapidos_da_loja = {}
    lentos_da_loja = {}
    for classe, loja, caminho, _ in endpoints:
        if classe == "rapido":
            rapidos_da_loja.setdefault(loja, []).append(caminho)
        elif classe == "lento":
            lentos_da_loja.setdefault(loja, []).append(caminho)

    # The load's resources: id -> (store, time of the write's response).
    escritas = {}
    with open(a["carga"] + ".tsv", encoding="utf-8") as f:
        for linha in f:
            _, loja, recurso, _, resposta, status = linha.rstrip("\n").split("\t")
            if recurso and 200 <= int(status) < 300:
                escritas[recurso] = (loja, float(resposta))

    # Arrivals, by class of path.
    chegadas = {}  # class -> list of (arrival, path, delivery, attempt, resource, answered)
    with open(a["receptor"], encoding="utf-8") as f:
        for linha in f:
            c = linha.rstrip("\n").split("\t")
            if len(c) != 6:
                continue
            classe = c[1].split("/", 2)[1] if c[1].count("/") >= 2 else ""
            chegadas.setdefault(classe, []).append((float(c[0]), c[1], c[2], c[3], c[4], c[5]))

    def duplicadas(lista):
        vezes = {}
        for r in lista:
            vezes.setdefault((r[1], r[2]), []).append(r)
        dup = sum(len(v) - 1 for v in vezes.values())
        # Of the extra arrivals of a delivery (all but its first), those that came as attempt > 1.
        dup_ret = sum(sum(1 for r in sorted(v)[1:] if r[3] not in ("", "1")) for v in vezes.values())
        return len(vezes), dup, dup_ret

    # Deliveries started and attempts made, per webhook, as the service's event store holds them.
    sql = {}
    if a.get("sql") and os.path.exists(a["sql"]):
        with open(a["sql"], encoding="utf-8") as f:
            for linha in f:
                partes = linha.rstrip("\n").split("\t")
                if len(partes) == 4:
                    sql[partes[0]] = tuple(int(x) for x in partes[1:])

    def do_servico(classe):
        ids = [w for c, _, _, w in endpoints if c == classe]
        if not sql:
            return "-", "-", "-"
        return tuple(sum(sql.get(w, (0, 0, 0))[i] for w in ids) for i in range(3))

    eventos_da_loja = {}
    for loja, _ in escritas.values():
        eventos_da_loja[loja] = eventos_da_loja.get(loja, 0) + 1

    cab = a["cabecalho"]
    linhas = [f"fanout {cab}"]
    linhas.append(
        f"fanout-carga eventos={carga['eventos']} erros={carga['erros']} taxa_alvo={fmt(carga['taxa_alvo'])} "
        f"taxa_obtida={fmt(carga['taxa_obtida'])} janela_s={fmt(janela)} conexoes={carga['conexoes']} "
        f"post_p50_ms={fmt(carga['post_p50_ms'])} post_p99_ms={fmt(carga['post_p99_ms'])} "
        f"post_max_ms={fmt(carga['post_max_ms'])} atras_da_agenda_max_ms={fmt(carga['atras_da_agenda_max_ms'], 0)}")

    # Fast endpoints: the first arrival of each (path, resource); lag from the write's response.
    rapidas = chegadas.get("rapido", [])
    primeira = {}
    for r in rapidas:
        chave = (r[1], r[4])
        if chave not in primeira or r[0] < primeira[chave]:
            primeira[chave] = r[0]
    atrasos = []
    faltando = 0
    esperadas = 0
    # The same lags by 10 s slice of the window, by when the write was answered: where in the minute the tail is.
    por_fatia = {}
    ultima_fatia = max(0, math.ceil(janela / 10 - 1e-6) - 1)
    for recurso, (loja, resposta) in escritas.items():
        for caminho in rapidos_da_loja.get(loja, ()):
            esperadas += 1
            t = primeira.get((caminho, recurso))
            fatia = por_fatia.setdefault(min(max(0, int((resposta - inicio) // 10)), ultima_fatia), [])
            if t is None:
                faltando += 1
                fatia.append(math.inf)
            else:
                atrasos.append((t - resposta) * 1000)
                fatia.append((t - resposta) * 1000)
    atrasos.sort()
    # Percentiles over every expected delivery, a missing one counted as later than any that arrived.
    def percentil_com_faltas(p):
        k = max(0, math.ceil(p / 100 * esperadas) - 1)
        return atrasos[k] if k < len(atrasos) else "faltou"
    distintas, dup, dup_ret = duplicadas(rapidas)
    primeiras_chegadas = {}
    for r in rapidas:
        chave = (r[1], r[2])
        primeiras_chegadas[chave] = min(r[0], primeiras_chegadas.get(chave, math.inf))
    tempos = sorted(primeiras_chegadas.values())
    na_janela = sum(1 for t in tempos if inicio <= t < fim)
    fatias = []
    t = inicio
    while t < fim - 1e-6:
        ate = min(t + 10, fim)
        fatias.append(sum(1 for x in tempos if t <= x < ate) / (ate - t))
        t = ate
    depois = sum(1 for x in tempos if x >= fim)
    linhas.append(
        f"fanout-rapidos endpoints={sum(len(v) for v in rapidos_da_loja.values())} esperadas={esperadas} "
        f"entregas={distintas} faltando={faltando} duplicadas={dup} duplicadas_retentativa={dup_ret} "
        f"entregas_s_janela={fmt(na_janela / janela)} "
        f"fatias_10s={','.join(fmt(x, 0) for x in fatias)} "
        f"entregas_s_dreno={fmt(depois / (fim_dreno - fim) if fim_dreno > fim else float('nan'))} "
        f"dreno_s={fmt(fim_dreno - fim)} dreno_limitado={a['dreno_limitado']} "
        f"atraso_p50_ms={fmt(percentil_com_faltas(50))} atraso_p99_ms={fmt(percentil_com_faltas(99))} "
        f"atraso_max_ms={fmt(atrasos[-1] if atrasos and not faltando else ('faltou' if faltando else float('nan')))} "
        f"chegadas_p50_ms={fmt(percentil(atrasos, 50))} chegadas_p99_ms={fmt(percentil(atrasos, 99))} "
        f"chegadas_max_ms={fmt(atrasos[-1] if atrasos else float('nan'))} "
        f"iniciadas={do_servico('rapido')[0]}")

    def p_fatia(valores, p):
        v = sorted(valores)
        x = v[max(0, math.ceil(p / 100 * len(v)) - 1)]
        return "faltou" if x == math.inf else fmt(x, 0)
    fatias_ordenadas = [por_fatia[k] for k in sorted(por_fatia)]
    linhas.append(
        f"fanout-atraso-por-fatia p50_ms={','.join(p_fatia(v, 50) for v in fatias_ordenadas)} "
        f"p99_ms={','.join(p_fatia(v, 99) for v in fatias_ordenadas)} "
        f"max_ms={','.join(p_fatia(v, 100) for v in fatias_ordenadas)}")

    lentos = chegadas.get("lento", [])
    if lentos_da_loja:
        esperadas_lentas = sum(eventos_da_loja.get(l, 0) * len(v) for l, v in lentos_da_loja.items())
        distintas, dup, dup_ret = duplicadas(lentos)
        # Only the load's resources are expected there (the warm-up's slow endpoint has a class of its own).
        ini, tent, suc = do_servico("lento")
        linhas.append(
            f"fanout-lentos endpoints={sum(len(v) for v in lentos_da_loja.values())} esperadas={esperadas_lentas} "
            f"entregas={distintas} chegadas={len(lentos)} respondidas={sum(1 for r in lentos if r[5])} "
            f"retentativas={sum(1 for r in lentos if r[3] not in ('', '1'))} duplicadas={dup} "
            f"iniciadas={ini} tentativas={tent} sucessos={suc}")
    recusados = [e for e in endpoints if e[0] == "recusado"]
    if recusados:
        esperadas_recusadas = sum(eventos_da_loja.get(l, 0) for _, l, _, _ in recusados)
        ini, tent, suc = do_servico("recusado")
        linhas.append(f"fanout-recusados endpoints={len(recusados)} esperadas={esperadas_recusadas} "
                      f"iniciadas={ini} tentativas={tent} sucessos={suc}")
    if int(a.get("backlog", "0")) > 0:
        fila = chegadas.get("backlog", [])
        primeiras = {}
        for r in fila:
            primeiras[r[2]] = min(r[0], primeiras.get(r[2], math.inf))
        ts = sorted(primeiras.values())
        soltura = float(a["soltura"])
        ini, tent, suc = do_servico("backlog")
        linhas.append(
            f"fanout-backlog eventos={a['backlog']} entregas={len(primeiras)} "
            f"antes_da_soltura={sum(1 for x in ts if x < soltura)} na_janela={sum(1 for x in ts if soltura <= x < fim)} "
            f"no_dreno={sum(1 for x in ts if x >= fim)} "
            f"ultima_s={fmt(ts[-1] - soltura if ts else float('nan'))} chegadas={len(fila)} "
            f"retentativas={sum(1 for r in fila if r[3] not in ('', '1'))} "
            f"iniciadas={ini} tentativas={tent} sucessos={suc}")
    # From the window's start to the drain's end the service and PostgreSQL do the whole work of the window's
    # events (their writes and every delivery of them): its CPU per event is a cost that a busy machine slows
    # down but hardly changes, unlike the rates.
    ate_o_fim = ""
    if a.get("cpu_servico_total") and a.get("cpu_postgres_total") and carga["eventos"]:
        por_evento = (float(a["cpu_servico_total"]) + float(a["cpu_postgres_total"])) * 1000 / carga["eventos"]
        ate_o_fim = (f"servico_ate_o_fim_s={a['cpu_servico_total']} postgres_ate_o_fim_s={a['cpu_postgres_total']} "
                     f"cpu_ms_por_evento={fmt(por_evento)} ")
    linhas.append(
        f"fanout-cpu receptor_carga_s={a['cpu_receptor_carga']} receptor_total_s={a['cpu_receptor_total']} "
        f"driver_s={fmt(carga['cpu_s'])} servico_carga_s={a['cpu_servico_carga']} "
        f"postgres_carga_s={a['cpu_postgres_carga']} {ate_o_fim}maquina_ocupada_pct={a['maquina_ocupada_pct']} "
        f"laco_receptor_{a['laco'].replace(' ', ' laco_receptor_')}")
    print("\n".join(linhas))


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "receber":
        receber(*sys.argv[2:])
    elif len(sys.argv) == 10 and sys.argv[1] == "carregar":
        carregar(*sys.argv[2:])
    elif len(sys.argv) > 2 and sys.argv[1] == "relatorio":
        relatorio(sys.argv[2:])
    else:
        sys.exit(__doc__)
