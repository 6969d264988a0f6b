"""Setup for the scenario group custos of bench/run.sh (Python standard library only).

  custos.py preparar BASE ADMIN LOJAS PRODUTOS ARQUIVO_LOJAS ARQUIVO_MAPA
      creates LOJAS stores, each with a token of its own and PRODUTOS products with stock control and stock enough
      for any run; writes ARQUIVO_LOJAS (one line per store: token, store id, product ids; read by
      bench/custos.lua) and ARQUIVO_MAPA (TSV: store number, store id, k, product id; read by
      bench/sql-puro/esquema.sql).
  custos.py completar BASE ARQUIVO_LOJAS MINIMO
      creates orders (three products each, as custos.lua does) until every store lists at least MINIMO, so that
      every page of GET /v1/pedidos?limite=50 is full.

Any answer other than the expected status stops the script with the status and the body.
"""
import concurrent.futures
import json
import random
import sys
import urllib.error
import urllib.request


def chamar(metodo, url, token, corpo=None, esperado=200):
    dados = json.dumps(corpo).encode() if corpo is not None else None
    pedido = urllib.request.Request(url, dados, method=metodo, headers={"Authorization": "Bearer " + token})
    if dados is not None:
        pedido.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(pedido, timeout=60) as resposta:
            status, texto = resposta.status, resposta.read()
    except urllib.error.HTTPError as erro:
        status, texto = erro.code, erro.read()
    if status != esperado:
        raise SystemExit(f"{metodo} {url}: {status} (esperado {esperado}): {texto[:500]!r}")
    return json.loads(texto) if texto else None


def preparar(base, admin, lojas, produtos, arquivo_lojas, arquivo_mapa):
    if produtos < 3:
        raise SystemExit("PRODUTOS_POR_LOJA: um pedido leva três produtos distintos; use 3 ou mais")
    sufixo = random.randrange(10**9)

    def criar_loja(n):
        loja = chamar("POST", base + "/admin/lojas", admin, {"nome": f"Custos {n}", "slug": f"custos-{n}-{sufixo}"}, 201)
        token = chamar("POST", f"{base}/admin/lojas/{loja['id']}/tokens", admin, {"nome": "bench"}, 201)["token"]
        ids = [chamar("POST", base + "/v1/produtos", token,
                      {"nome": f"Produto {k} da loja {n}", "preco": 5 + k * 1.5, "sku": f"C{n}-{k}",
                       "controlaEstoque": True, "quantidadeEstoque": 100000000}, 201)["id"]
               for k in range(1, produtos + 1)]
        return n, token, loja["id"], ids

    with concurrent.futures.ThreadPoolExecutor(4) as execucao:
        criadas = sorted(execucao.map(criar_loja, range(1, lojas + 1)))
    with open(arquivo_lojas, "w") as f:
        for _, token, loja, ids in criadas:
            f.write(" ".join([token, loja, *ids]) + "\n")
    with open(arquivo_mapa, "w") as f:
        for n, _, loja, ids in criadas:
            for k, produto in enumerate(ids, 1):
                f.write(f"{n}\t{loja}\t{k}\t{produto}\n")


def completar(base, arquivo_lojas, minimo):
    with open(arquivo_lojas) as f:
        lojas = [linha.split() for linha in f if linha.strip()]
    faltando = []
    for token, _, *produtos in lojas:
        total = chamar("GET", base + "/v1/pedidos?limite=1", token)["paginacao"]["total"]
        faltando += [(token, produtos)] * max(0, minimo - total)

    def criar_pedido(loja):
        token, produtos = loja
        itens = [{"produtoId": p, "quantidade": 1} for p in random.sample(produtos, 3)]
        chamar("POST", base + "/v1/pedidos", token,
               {"tipoEntrega": "BALCAO", "cliente": {"nome": "Bench"}, "itens": itens}, 201)

    with concurrent.futures.ThreadPoolExecutor(8) as execucao:
        list(execucao.map(criar_pedido, faltando))
    print(len(faltando))


if __name__ == "__main__":
    comando, argumentos = sys.argv[1], sys.argv[2:]
    if comando == "preparar":
        preparar(argumentos[0], argumentos[1], int(argumentos[2]), int(argumentos[3]), argumentos[4], argumentos[5])
    elif comando == "completar":
        completar(argumentos[0], argumentos[1], int(argumentos[2]))
    else:
        raise SystemExit("uso: custos.py preparar|completar ...")
