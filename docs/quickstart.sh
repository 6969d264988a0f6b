#!/usr/bin/env bash
# The walkthrough of docs/integracao/primeiros-passos.md, as a script that runs it against a live service.
#
#   BASE_URL=http://localhost:8080 ADMIN_TOKEN=... bash docs/quickstart.sh
#       runs every step in order; stops at the first unexpected status (or a field the walkthrough promises that
#       the answer lacks), printing the request and the answer; exits 0 when everything behaved. Needs bash and
#       curl; jq is used when present, else a small awk reader. Each run makes a store of its own (unique slug), so
#       it can run again and again against the same server.
#       BASE_URL defaults to http://localhost:8080; ADMIN_TOKEN to the content of data/admin-token in the current
#       directory (the service writes its operator token there), so run it from where the service runs.
#   bash docs/quickstart.sh --markdown
#       prints the walkthrough block (docs/integracao/primeiros-passos.md, between <!-- quickstart:inicio -->
#       and <!-- quickstart:fim -->; QuickstartNaDocumentacaoTest checks that the two are the same).
#   bash docs/quickstart.sh --update
#       rewrites that block of docs/integracao/primeiros-passos.md (next to this script) from the steps below.
#
# This file is the single source of the walkthrough: each step below is a title, the expected status, what the
# walkthrough promises of the answer (top-level JSON fields, or a media type), and the shell text of the request.
# That text is what the walkthrough shows and exactly what the script evaluates (with `curl` wrapped to record
# the status and the answer). `guardar VAR path` keeps a value of the answer for the next steps.
set -euo pipefail

MODO=executar
case "${1:-}" in
    --markdown) MODO=markdown ;;
    --update) MODO=atualizar ;;
    "") ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (use --markdown, --update or nothing)" >&2; exit 2 ;;
esac

AQUI=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [[ $MODO == atualizar ]]; then
    pagina="$AQUI/integracao/primeiros-passos.md"
    bloco=$(mktemp)
    trap 'rm -f "$bloco" "$pagina.novo"' EXIT
    bash "$AQUI/quickstart.sh" --markdown > "$bloco"
    grep -q '^<!-- quickstart:inicio -->$' "$pagina" && grep -q '^<!-- quickstart:fim -->$' "$pagina" \
        || { echo "$pagina has no <!-- quickstart:inicio --> / <!-- quickstart:fim --> markers" >&2; exit 1; }
    awk -v bloco="$bloco" '
        /^<!-- quickstart:inicio -->$/ { print; while ((getline linha < bloco) > 0) print linha; fora = 1; next }
        /^<!-- quickstart:fim -->$/ { fora = 0 }
        !fora { print }' "$pagina" > "$pagina.novo"
    cat "$pagina.novo" > "$pagina"   # keeps the file's mode and links
    echo "docs/integracao/primeiros-passos.md: walkthrough block regenerated from docs/quickstart.sh"
    exit 0
fi

# ------------------------------------------------------------------------------------------------ set-up (run)

N=0
LOJA="" TOKEN="" TOKEN_ID="" CATEGORIA="" PRODUTO="" VARIACAO="" CLIENTE="" PEDIDO="" ITEM="" WEBHOOK="" NOTA=""
IMAGEM_URL="" SEM_IMAGEM="" PULAR="" ALTERNATIVA=""
TMP="" SERVIDOR_PID=""

if [[ $MODO == executar ]]; then
    BASE_URL=${BASE_URL:-http://localhost:8080}
    BASE_URL=${BASE_URL%/}
    if [[ -z ${ADMIN_TOKEN:-} ]]; then
        if [[ -r data/admin-token ]]; then
            ADMIN_TOKEN=$(head -n 1 data/admin-token)
        else
            echo "ADMIN_TOKEN is not set and there is no readable data/admin-token in $(pwd):" >&2
            echo "run this from the directory the service runs in, or pass ADMIN_TOKEN=..." >&2
            exit 2
        fi
    fi
    EXEMPLOS="$AQUI/exemplos"
    SLUG="mercado-azul-$(date +%s)-$$"
    command -v curl > /dev/null || { echo "curl is needed" >&2; exit 2; }
    if command -v jq > /dev/null; then LEITOR=jq; else LEITOR=awk; fi

    TMP=$(mktemp -d "${TMPDIR:-/tmp}/quickstart.XXXXXX")
    limpar() {
        if [[ -n $SERVIDOR_PID ]]; then
            kill "$SERVIDOR_PID" 2> /dev/null || true
            wait "$SERVIDOR_PID" 2> /dev/null || true
        fi
        rm -rf "$TMP"
    }
    trap limpar EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    # downloads (labels, the invoice XML) land here and go away with it
    cd "$TMP"

    saude=$(command curl -s -o /dev/null -w '%{http_code}' "$BASE_URL/actuator/health" || true)
    if [[ $saude != 200 ]]; then
        echo "no healthy service at $BASE_URL (GET /actuator/health answered '${saude:-nothing}'); start it first" >&2
        exit 1
    fi
    echo "quickstart against $BASE_URL (slug $SLUG, JSON read with $LEITOR)"
fi

# ------------------------------------------------------------------------------------------------ reading JSON

# The value at a jq-like path (.a, .a[0].b) of the last answer; empty when absent. jq when present, else awk.
valor() {
    if [[ $LEITOR == jq ]]; then
        jq -r "$1 // empty | if type == \"object\" or type == \"array\" then \"(\" + type + \")\" else . end" \
            "$TMP/corpo" 2> /dev/null || true
    else
        caminhos_json < "$TMP/corpo" | awk -F '\t' -v q="$1" '$1 == q { print $2; exit }'
    fi
}

# Whether the last answer is a JSON object with that top-level member (whatever its value, null included).
tem() {
    if [[ $LEITOR == jq ]]; then
        jq -e --arg k "$1" 'type == "object" and has($k)' "$TMP/corpo" > /dev/null 2>&1
    else
        caminhos_json < "$TMP/corpo" | awk -F '\t' -v q=".$1" '$1 == q { achou = 1; exit } END { exit !achou }'
    fi
}

# Every value of a JSON document as "path<TAB>value" (objects and arrays as { and [). Strings lose their quotes
# and simple escapes; enough for ids and tokens. Used only without jq.
caminhos_json() {
    awk '
        { texto = texto $0 "\n" }
        function caminho(   c, l) {
            c = ""
            for (l = 1; l <= d; l++) c = c (tipo[l] == "{" ? "." chave[l] : "[" indice[l] "]")
            return c
        }
        END {
            n = length(texto); i = 1; d = 0; esperaChave = 0
            while (i <= n) {
                c = substr(texto, i, 1)
                if (c == "," ) { if (tipo[d] == "[") indice[d]++; else esperaChave = 1; i++; continue }
                if (c ~ /[ \t\r\n:]/) { i++; continue }
                if (c == "{" || c == "[") {
                    if (d > 0) print caminho() "\t" c
                    d++; tipo[d] = c; indice[d] = 0; esperaChave = (c == "{"); i++; continue
                }
                if (c == "}" || c == "]") { d--; i++; continue }
                if (c == "\"") {
                    s = ""; i++
                    while (i <= n) {
                        c = substr(texto, i, 1)
                        if (c == "\\") { s = s substr(texto, i + 1, 1); i += 2; continue }
                        if (c == "\"") break
                        s = s c; i++
                    }
                    i++
                    if (tipo[d] == "{" && esperaChave) { chave[d] = s; esperaChave = 0 } else print caminho() "\t" s
                    continue
                }
                s = ""
                while (i <= n && substr(texto, i, 1) !~ /[,}\] \t\r\n]/) { s = s substr(texto, i, 1); i++ }
                print caminho() "\t" s
            }
        }'
}

# ------------------------------------------------------------------------------------------------ steps

# Run mode: the steps call curl; this records the request, the status, the headers and the answer. The body also
# goes to standard output, so a step may redirect it to a file (`> etiqueta.pdf`); otherwise it is discarded.
curl() {
    local args=() a
    for a in "$@"; do
        if [[ $a == @- ]]; then
            cat > "$TMP/entrada"
            a="@$TMP/entrada"
        fi
        args+=("$a")
    done
    printf '%q ' curl "${args[@]}" > "$TMP/pedido"
    command curl -sS -D "$TMP/cabecalhos" -o "$TMP/corpo" -w '%{http_code}' "${args[@]}" > "$TMP/status" \
        2> "$TMP/erro_curl" || true
    cat "$TMP/corpo"
}

# passo TITLE STATUS PROMISE <<'CURL' ... CURL
# PROMISE: top-level JSON members of the answer ("id slug"), or a media type ("application/pdf").
# PULAR=reason skips the step (run mode); ALTERNATIVA="status|text|reason" accepts that status, when the answer
# contains that text, as a skip for that reason.
passo() {
    local titulo=$1 esperado=$2 promessa=$3 texto status metodo url caminho campo motivo
    texto=$(cat)
    N=$((N + 1))
    if [[ $MODO == markdown ]]; then
        printf '\n# %d. %s\n%s\n' "$N" "$titulo" "$texto"
        if [[ $promessa == */* ]]; then
            printf '# → %s %s\n' "$esperado" "$promessa"
        else
            printf '# → %s {%s, …}\n' "$esperado" "$(sed 's/ /, /g' <<< "$promessa")"
        fi
        return 0
    fi
    if [[ -n $PULAR ]]; then
        printf '[%2d] skip  %s: %s\n' "$N" "$titulo" "$PULAR"
        return 0
    fi
    : > "$TMP/status"; : > "$TMP/corpo"; : > "$TMP/cabecalhos"; rm -f "$TMP/entrada"
    eval "$texto" > /dev/null
    status=$(cat "$TMP/status")
    read -r metodo url < <(metodo_e_url)
    caminho=${url#"$BASE_URL"}
    if [[ -n $ALTERNATIVA && $status == "${ALTERNATIVA%%|*}" ]]; then
        motivo=${ALTERNATIVA#*|}
        if grep -qF -- "${motivo%%|*}" "$TMP/corpo"; then
            printf '[%2d] skip  %s %s answered %s: %s\n' "$N" "$metodo" "$(com_nomes "$caminho")" "$status" \
                "${motivo#*|}"
            PULAR=${motivo#*|}
            return 0
        fi
    fi
    if [[ $status != "$esperado" ]]; then
        falhar "$titulo" "expected status $esperado, got ${status:-no answer}"
    fi
    if [[ $promessa == */* ]]; then
        if ! grep -qi "^content-type: *${promessa}" "$TMP/cabecalhos"; then
            falhar "$titulo" "expected Content-Type $promessa"
        fi
    else
        for campo in $promessa; do
            tem "$campo" || falhar "$titulo" "the answer has no \"$campo\", which the walkthrough promises"
        done
    fi
    printf '[%2d] %s %s %s  %s\n' "$N" "$status" "$metodo" "$(com_nomes "$caminho")" "$titulo"
}

# lido PATH LINE: in markdown mode prints LINE (what the walkthrough shows instead of a value) and, like a skipped
# step, answers false; otherwise sets the caller's v to the value at PATH of the last answer.
lido() {
    if [[ $MODO == markdown ]]; then
        printf '%s\n' "$2"
        return 1
    fi
    [[ -z $PULAR ]] || return 1
    v=$(valor "$1")
}

# esperar PATH VALUE: the walkthrough shows that value of the answer, and the run checks it (numbers numerically).
esperar() {
    local caminho=$1 esperado=$2 v
    lido "$caminho" "#   $caminho = $esperado" || return 0
    if [[ $v != "$esperado" ]] && ! awk -v a="$v" -v b="$esperado" \
            'BEGIN { n = "^-?[0-9]+([.][0-9]+)?$"; exit !(a ~ n && b ~ n && a + 0 == b + 0) }'; then
        falhar "esperar $caminho" "expected $caminho = $esperado, got '$v'"
    fi
    printf '       %s = %s\n' "$caminho" "$v"
}

# A path with the ids the script keeps written as their names ($LOJA, $PEDIDO...), for short progress lines.
com_nomes() {
    local texto=$1 nome
    for nome in LOJA TOKEN_ID CATEGORIA PRODUTO VARIACAO CLIENTE PEDIDO ITEM WEBHOOK NOTA; do
        [[ -n ${!nome} ]] && texto=${texto//"${!nome}"/\$$nome}
    done
    printf '%s' "$texto"
}

# guardar VAR PATH: VAR = the value at PATH of the last answer (a step needs it later).
guardar() {
    local nome=$1 caminho=$2 v
    lido "$caminho" "$nome=…   # $caminho of the answer" || return 0
    [[ -n $v ]] || falhar "guardar $nome" "the answer has no $caminho"
    printf -v "$nome" '%s' "$v"
    printf '       %s=%s\n' "$nome" "$v"
}

metodo_e_url() {
    local -a args
    eval "args=($(cat "$TMP/pedido"))"
    local metodo="" url="" corpo=0 i
    for ((i = 0; i < ${#args[@]}; i++)); do
        case "${args[i]}" in
            -X) metodo=${args[i + 1]} ;;
            -d|-F|--data*) corpo=1 ;;
            http://*|https://*) url=${args[i]} ;;
        esac
    done
    [[ -z $metodo ]] && { ((corpo)) && metodo=POST || metodo=GET; }
    echo "$metodo $url"
}

falhar() {
    {
        echo
        echo "FAILED at step $N ($1): $2"
        echo "--- request"
        cat "$TMP/pedido" 2> /dev/null && echo
        if [[ -s $TMP/entrada ]]; then echo "--- request body"; cat "$TMP/entrada"; echo; fi
        if [[ -s $TMP/erro_curl ]]; then echo "--- curl"; cat "$TMP/erro_curl"; fi
        echo "--- answer"
        tr -d '\r' < "$TMP/cabecalhos" 2> /dev/null
        head -c 4000 "$TMP/corpo" 2> /dev/null
        echo
    } >&2
    exit 1
}

# A 16x16 PNG served on a free loopback port for the image step; sets IMAGEM_URL, or SEM_IMAGEM with the reason.
servir_imagem() {
    local host porta i
    host=$(sed -E 's#^[a-z]+://(\[[^]]*\]|[^/:]*).*#\1#' <<< "$BASE_URL")
    case "$host" in
        localhost|127.*|\[::1\]) ;;
        *) SEM_IMAGEM="the service is not on this machine ($host), so it cannot download an image served here"
           return 0 ;;
    esac
    if ! command -v python3 > /dev/null; then
        SEM_IMAGEM="python3 is not installed, and it is what serves the image to the service"
        return 0
    fi
    mkdir -p "$TMP/imagem"
    python3 - "$TMP/imagem/cafe.png" <<'PY'
import struct, sys, zlib
def bloco(tipo, dados):
    return struct.pack(">I", len(dados)) + tipo + dados + struct.pack(">I", zlib.crc32(tipo + dados) & 0xffffffff)
linhas = b"".join(b"\x00" + b"\x6f\x3b\x1e" * 16 for _ in range(16))
png = (b"\x89PNG\r\n\x1a\n" + bloco(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
       + bloco(b"IDAT", zlib.compress(linhas)) + bloco(b"IEND", b""))
open(sys.argv[1], "wb").write(png)
PY
    porta=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    python3 -m http.server "$porta" --bind 127.0.0.1 --directory "$TMP/imagem" > "$TMP/servidor.log" 2>&1 &
    SERVIDOR_PID=$!
    for i in $(seq 50); do
        if command curl -sf -o /dev/null "http://127.0.0.1:$porta/cafe.png"; then
            IMAGEM_URL="http://127.0.0.1:$porta/cafe.png"
            return 0
        fi
        sleep 0.1
    done
    SEM_IMAGEM="the local image server did not start (python3 -m http.server)"
}

# ------------------------------------------------------------------------------------------------ the walkthrough

if [[ $MODO == markdown ]]; then
    cat <<'MD'
```sh
BASE_URL=http://localhost:8080
ADMIN_TOKEN=$(cat data/admin-token)       # the operator token the service wrote at start-up (or the one you set)
SLUG=mercado-azul-$(date +%s)             # slugs are unique; the script adds its process id as well
EXEMPLOS=docs/exemplos                    # a synthetic authorised NF-e and its DANFE (test data, no fiscal value)
MD
fi

passo "a store (operator API), with the sender data its labels print" 201 "id nome slug cnpj criadoEm" <<'CURL'
curl -s -X POST "$BASE_URL/admin/lojas" -H "Authorization: Bearer $ADMIN_TOKEN" \
     -H 'Content-Type: application/json' -d @- <<EOF
{"nome":"Mercado Azul","slug":"$SLUG","cnpj":"11.222.333/0001-81","telefone":"11 3234-5678",
 "cep":"01304-001","endereco":"Rua Augusta","numero":"1500","bairro":"Consolação","cidade":"São Paulo","uf":"SP"}
EOF
CURL
guardar LOJA .id

passo "a token for the ERP: shown only in this answer, stored only as a hash" 201 "id nome token criadoEm" <<'CURL'
curl -s -X POST "$BASE_URL/admin/lojas/$LOJA/tokens" -H "Authorization: Bearer $ADMIN_TOKEN" \
     -H 'Content-Type: application/json' -d '{"nome":"erp"}'
CURL
guardar TOKEN .token
guardar TOKEN_ID .id

passo "a category (the store's API from here on, with the store's token)" 201 "id nome ativa versao" <<'CURL'
curl -s -X POST "$BASE_URL/v1/categorias" -H "Authorization: Bearer $TOKEN" \
     -H 'Content-Type: application/json' -d '{"nome":"Mercearia"}'
CURL
guardar CATEGORIA .id

passo "a product in it, with a variation whose stock the service controls" 201 \
      "id nome preco url categoria variacoes controlaEstoque quantidadeEstoque" <<'CURL'
curl -s -X POST "$BASE_URL/v1/produtos" -H "Authorization: Bearer $TOKEN" \
     -H 'Content-Type: application/json' -d @- <<EOF
{"nome":"Café 500 g","preco":24.9,"categoriaId":"$CATEGORIA","codIntegracao":1001,"controlaEstoque":true,
 "variacoes":[{"nome":"Moagem","valor1":"Fina","quantidadeEstoque":10}]}
EOF
CURL
guardar PRODUTO .id
guardar VARIACAO '.variacoes[0].id'
esperar .quantidadeEstoque 10

if [[ $MODO == executar ]]; then
    servir_imagem
    PULAR=$SEM_IMAGEM
fi
ALTERNATIVA="400|rede interna|the service refuses image URLs on loopback/private addresses unless it was started \
with ALLOW_PRIVATE_NETWORK_TARGETS=true (not the default), and the script's image server is on 127.0.0.1" \
passo "its photo: the service downloads it and re-hosts it in its object storage" 200 "id imagens" <<'CURL'
# IMAGEM_URL: any http(s) PNG, JPEG, GIF or WebP (up to 10 MB) that the service can reach. The script serves
# a 16x16 PNG on 127.0.0.1 (with python3), which the service downloads only when started with
# ALLOW_PRIVATE_NETWORK_TARGETS=true (not the default); otherwise the step is skipped, saying why.
curl -s -X PUT "$BASE_URL/v1/produtos/$PRODUTO" -H "Authorization: Bearer $TOKEN" \
     -H 'Content-Type: application/json' -d @- <<EOF
{"imagens":["$IMAGEM_URL"]}
EOF
CURL
PULAR=""

passo "a customer (upsert by CPF/CNPJ)" 201 "id nome documento tipoDocumento" <<'CURL'
curl -s -X POST "$BASE_URL/v1/clientes" -H "Authorization: Bearer $TOKEN" \
     -H 'Content-Type: application/json' -d @- <<EOF
{"nome":"Ana Souza","documento":"529.982.247-25","celular":"11 98765-4321","cep":"01310-100",
 "endereco":"Avenida Paulista","numero":"1000","bairro":"Bela Vista","cidade":"São Paulo","uf":"SP"}
EOF
CURL
guardar CLIENTE .id

passo "an order: 2 x 24.90 + 5.00 delivery = 54.80; it takes its stock at once" 201 \
      "id numero status total itens clienteDocumento" <<'CURL'
curl -s -X POST "$BASE_URL/v1/pedidos" -H "Authorization: Bearer $TOKEN" \
     -H 'Content-Type: application/json' -d @- <<EOF
{"tipoEntrega":"DELIVERY","cliente":{"id":"$CLIENTE"},"taxaEntrega":5,
 "itens":[{"produtoId":"$PRODUTO","variacaoId":"$VARIACAO","quantidade":2}]}
EOF
CURL
guardar PEDIDO .id
guardar ITEM '.itens[0].id'
esperar .status PENDENTE
esperar .total 54.8

passo "stock: 12 more units of the variation arrive" 200 \
      "movimentoId produtoId variacaoId tipo quantidadeAnterior quantidadeAtual" <<'CURL'
curl -s -X POST "$BASE_URL/v1/estoque" -H "Authorization: Bearer $TOKEN" \
     -H 'Content-Type: application/json' -d @- <<EOF
{"produtoId":"$PRODUTO","variacaoId":"$VARIACAO","tipo":"ENTRADA","quantidade":12}
EOF
CURL
esperar .quantidadeAnterior 8
esperar .quantidadeAtual 20

passo "a webhook: its secret is in this answer only (see docs/integracao/webhooks.md)" 201 \
      "id url eventos ativo secret" <<'CURL'
# Put your receiver's URL here. A URL that no delivery could reach is a 400: a name must resolve now, and no
# address may be loopback or private (unless ALLOW_PRIVATE_NETWORK_TARGETS=true) or a cloud metadata endpoint;
# every delivery checks again, after DNS. 203.0.113.10 is TEST-NET-3 (RFC 5737), kept for documentation: a
# public address, so it is accepted without DNS (even offline), and routed nowhere, so nobody receives these
# deliveries; they fail as a network error and are retried on WEBHOOK_RETRY_DELAYS.
curl -s -X POST "$BASE_URL/v1/webhooks" -H "Authorization: Bearer $TOKEN" \
     -H 'Content-Type: application/json' -d @- <<EOF
{"nome":"ERP","url":"https://203.0.113.10/webhooks/loja",
 "eventos":["pedido.status","pedido.editado","pedido.nota_fiscal","pedido.etiqueta"]}
EOF
CURL
guardar WEBHOOK .id

passo "its delivery log (operator): one line per attempt, with statusHttp, erro and proximaTentativaEm" 200 \
      "entregas paginacao" <<'CURL'
curl -s "$BASE_URL/admin/lojas/$LOJA/webhooks/$WEBHOOK/entregas" -H "Authorization: Bearer $ADMIN_TOKEN"
CURL

passo "the order's invoice (see docs/integracao/notas-fiscais.md): the authorised NF-e XML and its DANFE" 201 \
      "acao id chave numero serie modelo situacao valorTotal protocolo temXml temPdf avisos" <<'CURL'
# the sample is a homologation (test) NF-e, so avisos says "Nota emitida em ambiente de homologação (teste)..."
curl -s -X POST "$BASE_URL/v1/pedidos/$PEDIDO/notas-fiscais" -H "Authorization: Bearer $TOKEN" \
     -F "xml=@$EXEMPLOS/nfe-autorizada.xml" -F "pdf=@$EXEMPLOS/danfe.pdf"
CURL
guardar NOTA .id
esperar .situacao AUTORIZADA
esperar .chave 35261111222333000181550010000000421739204155
esperar .protocolo 135260000000042
esperar '.avisos[0]' 'Nota emitida em ambiente de homologação (teste), sem valor fiscal'

passo "the XML back, byte for byte as sent" 200 "application/xml" <<'CURL'
curl -s "$BASE_URL/v1/pedidos/$PEDIDO/notas-fiscais/$NOTA?arquivo=xml" -H "Authorization: Bearer $TOKEN" > nota.xml
CURL
if [[ $MODO == executar ]] && ! cmp -s nota.xml "$EXEMPLOS/nfe-autorizada.xml"; then
    falhar "the XML back" "nota.xml differs from docs/exemplos/nfe-autorizada.xml"
fi

passo "the store's own shipping label, 10 x 15 cm PDF (sender, recipient, QR code, the invoice's key)" 200 \
      "application/pdf" <<'CURL'
curl -s "$BASE_URL/v1/pedidos/$PEDIDO/etiqueta" -H "Authorization: Bearer $TOKEN" > etiqueta.pdf
CURL

passo "the same label in ZPL for a thermal printer, two volumes" 200 "text/plain" <<'CURL'
curl -s "$BASE_URL/v1/pedidos/$PEDIDO/etiqueta?formato=zpl&volumes=2" -H "Authorization: Bearer $TOKEN" > etiqueta.zpl
CURL

passo "a carrier's label, kept with the order; its code becomes the order's codigoRastreio" 201 \
      "acao id transportadora codigoRastreio formato tamanhoBytes" <<'CURL'
curl -s -X POST "$BASE_URL/v1/pedidos/$PEDIDO/etiquetas" -H "Authorization: Bearer $TOKEN" \
     -H 'Content-Type: application/json' -d @- <<EOF
{"transportadora":"Correios","servico":"SEDEX","codigoRastreio":"AA123456785BR",
 "zpl":"^XA^CI28^FO40,40^A0N,40,40^FDSEDEX AA123456785BR^FS^XZ"}
EOF
CURL
esperar .formato ZPL

passo "where each projection, the saga and the webhook dispatcher stand (operator)" 200 "projecoes" <<'CURL'
curl -s "$BASE_URL/admin/projecoes" -H "Authorization: Bearer $ADMIN_TOKEN"
CURL

passo "the panel edits the order (operator; see docs/integracao/pedidos.md): 3 units, 10.00 off" 200 \
      "id status itens desconto total versao" <<'CURL'
curl -s -X PUT "$BASE_URL/admin/lojas/$LOJA/pedidos/$PEDIDO" -H "Authorization: Bearer $ADMIN_TOKEN" \
     -H 'Content-Type: application/json' -d @- <<EOF
{"itens":[{"id":"$ITEM","produtoId":"$PRODUTO","variacaoId":"$VARIACAO","quantidade":3}],
 "desconto":10,"editadoPor":"quickstart"}
EOF
CURL
esperar '.itens[0].quantidade' 3
esperar .total 69.7

passo "the token's usage (operator)" 200 "tokens" <<'CURL'
curl -s "$BASE_URL/admin/lojas/$LOJA/tokens" -H "Authorization: Bearer $ADMIN_TOKEN"
CURL

passo "revocation: the next request with that token gets 401, on every node" 200 "id revogado" <<'CURL'
curl -s -X DELETE "$BASE_URL/admin/lojas/$LOJA/tokens/$TOKEN_ID" -H "Authorization: Bearer $ADMIN_TOKEN"
CURL
esperar .revogado true

passo "the revoked token" 401 "erro" <<'CURL'
curl -s "$BASE_URL/v1/categorias" -H "Authorization: Bearer $TOKEN"
CURL

if [[ $MODO == markdown ]]; then
    echo '```'
else
    echo "all $N steps behaved (store $LOJA, order $PEDIDO)"
fi
