#!/usr/bin/env bash
# Benchmark of the packaged service: starts api-gateway/target/store-api.jar on a fresh embedded database with
# raised quotas, creates stores and tokens, and drives categories and products with wrk. It builds nothing:
# run `mvn -q -DskipTests package` first. Results go to bench/results/ (one file per run, plus latest.md).
#
#   bench/run.sh                 # defaults below
#   DURACAO=30s CONEXOES=16 bench/run.sh
set -euo pipefail

raiz="$(cd "$(dirname "$0")/.." && pwd)"
jar="$raiz/api-gateway/target/store-api.jar"
duracao="${DURACAO:-20s}"
aquecimento="${AQUECIMENTO:-10s}"
conexoes="${CONEXOES:-8}"
threads="${THREADS:-2}"
porta="${PORTA:-18080}"
resultados="$raiz/bench/results"

[ -f "$jar" ] || { echo "Falta $jar: rode 'mvn -q -DskipTests package' antes." >&2; exit 1; }
if ! command -v wrk >/dev/null; then
  echo "Instalando wrk (pacote Debian)..." >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
  else sudo apt-get install -y wrk >/dev/null; fi
fi

dados="$(mktemp -d)"
admin="bench-admin-$(date +%s)-$RANDOM"
log="$dados/servico.log"
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$dados"
}
trap cleanup EXIT

DATA_DIR="$dados" SERVER_PORT="$porta" ADMIN_TOKEN="$admin" \
  RATE_LIMIT_PER_MINUTE=1000000000 RATE_LIMIT_WRITES_PER_MINUTE=1000000000 \
  java -jar "$jar" >"$log" 2>&1 &
pid=$!
base="http://localhost:$porta"
for _ in $(seq 1 120); do
  curl -sf "$base/actuator/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { echo "O serviço não subiu:" >&2; tail -50 "$log" >&2; exit 1; }
  sleep 1
done

json() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
criar_loja() {
  local id
  id=$(curl -sf -X POST "$base/admin/lojas" -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
         -d "{\"nome\":\"Bench\",\"slug\":\"bench-$1-$RANDOM\"}" | json id)
  curl -sf -X POST "$base/admin/lojas/$id/tokens" -H "Authorization: Bearer $admin" \
       -H 'Content-Type: application/json' -d '{"nome":"bench"}' | json token
}

# Writes go to one store; reads to another holding 20 categories, so the read cost does not grow during the run.
token_escrita=$(criar_loja escrita)
token_leitura=$(criar_loja leitura)
for i in $(seq 1 20); do
  curl -sf -o /dev/null -X POST "$base/v1/categorias" -H "Authorization: Bearer $token_leitura" \
       -H 'Content-Type: application/json' -d "{\"nome\":\"Categoria $i\"}"
done
uma=$(curl -sf "$base/v1/categorias" -H "Authorization: Bearer $token_leitura" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')

# Products: a catalog of $PRODUTOS products with 2 variations each for the reads; writes go to another store.
produtos="${PRODUTOS:-1000}"
token_catalogo=$(criar_loja catalogo)
categoria_catalogo=$(curl -sf -X POST "$base/v1/categorias" -H "Authorization: Bearer $token_catalogo" \
  -H 'Content-Type: application/json' -d '{"nome":"Mercearia"}' | json id)
echo "Criando $produtos produtos..." >&2
python3 - "$base" "$token_catalogo" "$categoria_catalogo" "$produtos" <<'PY'
import json, sys, urllib.request, concurrent.futures
base, token, categoria, total = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def criar(i):
    corpo = {"nome": f"Produto {i} {'café' if i % 10 == 0 else 'arroz'}", "preco": 10 + i % 50, "sku": f"SKU-{i}",
             "codIntegracao": 100000 + i, "categoriaId": categoria, "quantidadeEstoque": 5,
             "variacoes": [{"nome": "Tamanho", "valor1": "P", "quantidadeEstoque": 2},
                           {"nome": "Tamanho", "valor1": "G", "quantidadeEstoque": 3}]}
    req = urllib.request.Request(base + "/v1/produtos", json.dumps(corpo).encode(), method="POST",
                                 headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        assert r.status == 201
with concurrent.futures.ThreadPoolExecutor(4) as ex:
    list(ex.map(criar, range(total)))
PY
token_produtos=$(criar_loja produtos)
categoria_produtos=$(curl -sf -X POST "$base/v1/categorias" -H "Authorization: Bearer $token_produtos" \
  -H 'Content-Type: application/json' -d '{"nome":"Bench"}' | json id)

# Orders: three products with stock control and stock enough for the whole run; every order takes one unit of
# each, so all orders contend for the same three products (the hot-product case).
token_pedidos=$(criar_loja pedidos)
itens_pedido=""
for i in 1 2 3; do
  id=$(curl -sf -X POST "$base/v1/produtos" -H "Authorization: Bearer $token_pedidos" -H 'Content-Type: application/json' \
         -d "{\"nome\":\"Item $i\",\"preco\":$((i * 7)).5,\"controlaEstoque\":true,\"quantidadeEstoque\":100000000}" | json id)
  itens_pedido="$itens_pedido${itens_pedido:+,}{\"produtoId\":\"$id\",\"quantidade\":1}"
done
corpo_pedido="{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Bench\"},\"itens\":[$itens_pedido]}"

cenario() { # nome conexoes threads metodo url token [categoriaId: POST de produto] [corpo fixo]
  BENCH_METODO="$4" BENCH_TOKEN="$6" BENCH_PREFIXO="$1" BENCH_CORPO_PRODUTO="${7:-}" BENCH_CORPO="${8:-}" \
    wrk -t"$3" -c"$2" -d"$duracao" -s "$raiz/bench/api.lua" "$5" \
    | grep '^RESULTADO' | sed "s/^RESULTADO/$1 conexoes=$2/"
}

echo "Aquecendo ($aquecimento)..." >&2
BENCH_METODO=POST BENCH_TOKEN="$token_escrita" BENCH_PREFIXO=aq wrk -t"$threads" -c"$conexoes" -d"$aquecimento" -s "$raiz/bench/api.lua" "$base/v1/categorias" >/dev/null
BENCH_TOKEN="$token_leitura" wrk -t"$threads" -c"$conexoes" -d"$aquecimento" -s "$raiz/bench/api.lua" "$base/v1/categorias" >/dev/null
BENCH_TOKEN="$token_catalogo" wrk -t"$threads" -c"$conexoes" -d"$aquecimento" -s "$raiz/bench/api.lua" "$base/v1/produtos?limite=100" >/dev/null

carimbo="$(date -u +%Y%m%dT%H%M%SZ)"
saida="$resultados/$carimbo.txt"
mkdir -p "$resultados"
{
  echo "# $carimbo $(nproc) núcleos, $(free -g | awk '/Mem:/{print $2}') GiB; duração $duracao por cenário; $produtos produtos com 2 variações no catálogo lido"
  cenario post-serial 1 1 POST "$base/v1/categorias" "$token_escrita"
  cenario post "$conexoes" "$threads" POST "$base/v1/categorias" "$token_escrita"
  cenario get-lista "$conexoes" "$threads" GET "$base/v1/categorias" "$token_leitura"
  cenario get-uma "$conexoes" "$threads" GET "$base/v1/categorias/$uma" "$token_leitura"
  cenario post-produto-serial 1 1 POST "$base/v1/produtos" "$token_produtos" "$categoria_produtos"
  cenario post-produto "$conexoes" "$threads" POST "$base/v1/produtos" "$token_produtos" "$categoria_produtos"
  cenario get-produtos-100 "$conexoes" "$threads" GET "$base/v1/produtos?limite=100&page=3" "$token_catalogo"
  cenario get-produtos-busca "$conexoes" "$threads" GET "$base/v1/produtos?limite=100&busca=caf%C3%A9" "$token_catalogo"
  cenario post-pedido-serial 1 1 POST "$base/v1/pedidos" "$token_pedidos" "" "$corpo_pedido"
  cenario post-pedido "$conexoes" "$threads" POST "$base/v1/pedidos" "$token_pedidos" "" "$corpo_pedido"
  cenario post-pedido-serial-depois 1 1 POST "$base/v1/pedidos" "$token_pedidos" "" "$corpo_pedido"
  cenario get-pedidos-50 "$conexoes" "$threads" GET "$base/v1/pedidos?limite=50" "$token_pedidos"
} | tee "$saida"

{
  echo "| cenário | conexões | req/s | p50 ms | p90 ms | p99 ms | erros |"
  echo "|---|---|---|---|---|---|---|"
  grep -v '^#' "$saida" | sed -E 's/^([^ ]+) conexoes=([0-9]+) requisicoes=[0-9]+ erros_status=([0-9]+) rps=([0-9.]+) p50_ms=([0-9.]+) p90_ms=([0-9.]+) p99_ms=([0-9.]+)/| \1 | \2 | \4 | \5 | \6 | \7 | \3 |/'
  echo
  head -1 "$saida"
} > "$resultados/latest.md"
cat "$resultados/latest.md"
