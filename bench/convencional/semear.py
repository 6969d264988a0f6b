"""The conventional baseline's data, copied from the service through its API (Python standard library only).

  semear.py sql BASE ADMIN ARQUIVO_LOJAS
      prints the SQL that gives the conventional service the same stores, tokens (their SHA-256, as the service
      keeps them) and products (as GET /v1/produtos/{id} shows them) as the service has for bench/custos.lua.
  semear.py conferir BASE_SERVICO BASE_CONVENCIONAL ARQUIVO_LOJAS
      checks that both answer the three costed requests with the same JSON shape (the same fields, recursively,
      with the same JSON types where neither is null); prints the differences and fails on any.

Any answer other than the expected status stops the script with the status and the body.
"""
import hashlib
import json
import os
import sys

# The HTTP helper of bench/custos.py: the same calls, the same failure on an unexpected status.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from custos import chamar  # noqa: E402


def lojas_do_arquivo(arquivo):
    with open(arquivo) as f:
        return [linha.split() for linha in f if linha.strip()]


def literal(valor):
    if valor is None:
        return "NULL"
    if isinstance(valor, bool):
        return "true" if valor else "false"
    if isinstance(valor, (int, float)):
        return repr(valor)
    if isinstance(valor, (list, dict)):
        valor = json.dumps(valor, ensure_ascii=False)
    return "'" + str(valor).replace("'", "''") + "'"


def sql(base, admin, arquivo):
    print("BEGIN;")
    for token, loja_id, *produtos in lojas_do_arquivo(arquivo):
        loja = chamar("GET", f"{base}/admin/lojas/{loja_id}", admin)
        print(f"INSERT INTO convencional.loja (id, slug, dominio) VALUES ({literal(loja_id)}, "
              f"{literal(loja['slug'])}, {literal(loja.get('dominio'))});")
        print(f"INSERT INTO convencional.api_token (id, loja_id, hash) VALUES (gen_random_uuid()::text, "
              f"{literal(loja_id)}, {literal(hashlib.sha256(token.encode()).hexdigest())});")
        for produto_id in produtos:
            p = chamar("GET", f"{base}/v1/produtos/{produto_id}", token)
            if p.get("categoria"):
                print(f"INSERT INTO convencional.categoria (id, loja_id, nome) VALUES ({literal(p['categoria']['id'])}, "
                      f"{literal(loja_id)}, {literal(p['categoria']['nome'])}) ON CONFLICT DO NOTHING;")
            colunas = {
                "id": p["id"], "loja_id": loja_id, "nome": p["nome"], "descricao": p["descricao"], "preco": p["preco"],
                "preco_promocional": p["precoPromocional"], "imagens": p["imagens"],
                "codigo_barras": p["codigoBarras"], "sku": p["sku"], "referencia": p["referencia"],
                "cod_integracao": p["codIntegracao"], "disponivel": p["disponivel"], "destaque": p["destaque"],
                "ordem": p["ordem"], "controla_estoque": p["controlaEstoque"],
                "quantidade_estoque": p["quantidadeEstoque"], "estoque_minimo": p["estoqueMinimo"],
                "unidade": p["unidade"], "multiplo_venda": p["multiploVenda"], "peso": p["peso"],
                "altura": p["altura"], "largura": p["largura"], "comprimento": p["comprimento"],
                "categoria_id": p["categoriaId"], "tem_variacoes": bool(p["variacoes"]),
                "grupos_complemento": p["gruposComplemento"], "criado_em": p["criadoEm"],
                "atualizado_em": p["atualizadoEm"], "versao": p["versao"]}
            print(f"INSERT INTO convencional.produto ({', '.join(colunas)}) VALUES "
                  f"({', '.join(literal(v) for v in colunas.values())});")
            for ordem, v in enumerate(p["variacoes"]):
                colunas = {"id": v["id"], "produto_id": p["id"], "nome": v["nome"], "valor1": v["valor1"],
                           "valor2": v["valor2"], "preco": v["preco"], "sku": v["sku"],
                           "codigo_barras": v["codigoBarras"], "cod_integracao": v["codIntegracao"],
                           "quantidade_estoque": v["quantidadeEstoque"], "estoque_minimo": v["estoqueMinimo"],
                           "ordem": ordem}
                print(f"INSERT INTO convencional.variacao ({', '.join(colunas)}) VALUES "
                      f"({', '.join(literal(x) for x in colunas.values())});")
    print("COMMIT;")


def forma(valor):
    if valor is None:
        return None
    if isinstance(valor, bool):
        return "boolean"
    if isinstance(valor, (int, float)):
        return "number"
    if isinstance(valor, str):
        return "string"
    if isinstance(valor, list):
        return "array"
    return "object"


def comparar(caminho, a, b, diferencas):
    fa, fb = forma(a), forma(b)
    if fa is None or fb is None:
        return
    if fa != fb:
        diferencas.append(f"{caminho}: {fa} no serviço, {fb} no convencional")
        return
    if fa == "object":
        for chave in sorted(set(a) | set(b)):
            if chave not in b:
                diferencas.append(f"{caminho}.{chave}: falta no convencional")
            elif chave not in a:
                diferencas.append(f"{caminho}.{chave}: só no convencional")
            else:
                comparar(f"{caminho}.{chave}", a[chave], b[chave], diferencas)
    elif fa == "array" and a and b:
        comparar(caminho + "[0]", a[0], b[0], diferencas)


def conferir(servico, convencional, arquivo):
    token, _, *produtos = lojas_do_arquivo(arquivo)[0]
    diferencas = []
    itens = [{"produtoId": p, "quantidade": 1} for p in produtos[:3]]
    corpo = {"tipoEntrega": "BALCAO", "cliente": {"nome": "Bench"}, "itens": itens}
    comparar("POST /v1/pedidos", chamar("POST", servico + "/v1/pedidos", token, corpo, 201),
             chamar("POST", convencional + "/v1/pedidos", token, corpo, 201), diferencas)
    comparar("GET /v1/pedidos", chamar("GET", servico + "/v1/pedidos?limite=50", token),
             chamar("GET", convencional + "/v1/pedidos?limite=50", token), diferencas)
    comparar("GET /v1/produtos/{id}", chamar("GET", f"{servico}/v1/produtos/{produtos[0]}", token),
             chamar("GET", f"{convencional}/v1/produtos/{produtos[0]}", token), diferencas)
    for status, metodo, caminho, corpo in [(400, "POST", "/v1/pedidos", {"tipoEntrega": "BALCAO", "itens": itens}),
                                           (404, "GET", "/v1/produtos/nao-existe", None)]:
        a = chamar(metodo, servico + caminho, token, corpo, status)
        b = chamar(metodo, convencional + caminho, token, corpo, status)
        comparar(f"{status} {metodo} {caminho}", a, b, diferencas)
    chamar("GET", convencional + "/v1/pedidos", "token-que-nao-existe", esperado=401)
    if diferencas:
        print("\n".join(diferencas))
        raise SystemExit("o convencional não responde com as formas do serviço")


if __name__ == "__main__":
    comando, argumentos = sys.argv[1], sys.argv[2:]
    if comando == "sql":
        sql(*argumentos)
    elif comando == "conferir":
        conferir(*argumentos)
    else:
        raise SystemExit("uso: semear.py sql|conferir ...")
