#!/usr/bin/env bash
# Catalog loading: products per second through POST /v1/produtos/lote against single upserts, in the same run
# (bench/catalogo.py says what each scenario does). Two ways to point it at a service:
#
#   bench/catalogo.sh                                   # starts api-gateway/target/store-api.jar like bench/run.sh:
#                                                       # fresh embedded database, quotas raised, a store of its own
#   BASE_URL=http://localhost:8080 TOKEN=sk_loja_... bench/catalogo.sh        # a running service, a store's token
#   BASE_URL=http://localhost:8080 ADMIN_TOKEN=... bench/catalogo.sh          # a running service: creates a store
#
#   PRODUTOS=2000 LOTE=100 CONEXOES="1 4" AQUECIMENTO=200 bench/catalogo.sh
#   COTA_DO_CONTRATO=1 PRODUTOS=300 CONEXOES=1 bench/catalogo.sh   # the jar with the contract's 90 writes a minute
#
# It builds nothing: run `mvn -q -DskipTests package` first when it starts the jar. Against a running service the
# products stay in that store (codes of the run's own range), and a 429 is waited out and counted. Results go to
# bench/results/<time>-catalogo.txt.
set -euo pipefail

raiz="$(cd "$(dirname "$0")/.." && pwd)"
jar="$raiz/api-gateway/target/store-api.jar"
produtos="${PRODUTOS:-1000}"
tamanho="${LOTE:-100}"
conexoes="${CONEXOES:-1 4}"
aquecimento="${AQUECIMENTO:-200}"
porta="${PORTA:-18280}"
resultados="$raiz/bench/results"
base="${BASE_URL:-}"
token="${TOKEN:-}"
admin="${ADMIN_TOKEN:-}"

carga_inicial="$(cut -d" " -f1-3 /proc/loadavg)"
dados=""
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  [ -n "${LOG_SERVICO:-}" ] && [ -n "$dados" ] && cp "$dados/servico.log" "$LOG_SERVICO" 2>/dev/null || true
  [ -n "$dados" ] && rm -rf "$dados"
}
trap cleanup EXIT

if [ -z "$base" ]; then
  [ -f "$jar" ] || { echo "Falta $jar: rode 'mvn -q -DskipTests package' antes, ou aponte BASE_URL e TOKEN." >&2; exit 1; }
  if curl -s -o /dev/null "http://localhost:$porta/"; then
    echo "Porta $porta já em uso: escolha outra com PORTA=..." >&2; exit 1
  fi
  dados="$(mktemp -d)"
  admin="bench-admin-$(date +%s)-$RANDOM"
  cota=1000000000; escritas=1000000000
  [ -n "${COTA_DO_CONTRATO:-}" ] && { cota=180; escritas=90; }
  limite="$escritas"
  DATA_DIR="$dados" SERVER_PORT="$porta" ADMIN_TOKEN="$admin" \
    RATE_LIMIT_PER_MINUTE="$cota" RATE_LIMIT_WRITES_PER_MINUTE="$escritas" \
    java -jar "$jar" >"$dados/servico.log" 2>&1 &
  pid=$!
  base="http://localhost:$porta"
  for _ in $(seq 1 180); do
    curl -sf "$base/actuator/health" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || { echo "O serviço não subiu:" >&2; tail -50 "$dados/servico.log" >&2; exit 1; }
    sleep 1
  done
  curl -sf "$base/actuator/health" >/dev/null || { echo "O serviço não ficou saudável em 180 s" >&2; exit 1; }
fi

json() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
if [ -z "$token" ]; then
  [ -n "$admin" ] || { echo "Informe TOKEN (de uma loja) ou ADMIN_TOKEN junto com BASE_URL." >&2; exit 1; }
  loja=$(curl -sf -X POST "$base/admin/lojas" -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
           -d "{\"nome\":\"Bench catálogo\",\"slug\":\"bench-catalogo-$RANDOM$RANDOM\"}" | json id)
  token=$(curl -sf -X POST "$base/admin/lojas/$loja/tokens" -H "Authorization: Bearer $admin" \
            -H 'Content-Type: application/json' -d '{"nome":"bench"}' | json token)
fi
carimbo="$(date -u +%Y%m%dT%H%M%SZ)"
saida="$resultados/$carimbo-catalogo.txt"
mkdir -p "$resultados"
{
  echo "# $carimbo $(nproc) núcleos, $(free -g | awk '/Mem:/{print $2}') GiB; $produtos produtos por cenário" \
       "(2 variações, categoria pelo nome), lotes de $tamanho, conexões: $conexoes; cota de escritas:" \
       "${limite:-a do serviço}/min; serviço: $([ -n "${pid:-}" ] && echo "jar iniciado pelo bench" || echo "$base");" \
       "load average antes: $carga_inicial"
  python3 "$raiz/bench/catalogo.py" medir "$base" "$token" "$produtos" "$tamanho" "$conexoes" "$aquecimento"
} | tee "$saida"

grep '^catalogo-' "$saida" | python3 "$raiz/bench/catalogo.py" relatorio | tee -a "$saida"
