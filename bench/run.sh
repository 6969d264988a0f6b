#!/usr/bin/env bash
# Benchmark of the packaged service: starts a throwaway PostgreSQL cluster (initdb in a temporary directory, a port
# of its own, pg_stat_statements loaded) and api-gateway/target/store-api.jar on it with raised quotas, creates
# stores and tokens, and drives orders, products and categories (and, with a webhook registered to a local
# receiver, customers) with wrk. It builds nothing: run `mvn -q -DskipTests package` first. Results go to
# bench/results/ (one file per run, plus latest.md). A run started while another runs on the machine waits for it.
#
#   bench/run.sh                 # defaults below
#   DURACAO=30s CONEXOES=16 bench/run.sh
#   CENARIOS=custos bench/run.sh                         # only the three costed scenarios against plain SQL
#   CENARIOS=custos CUSTOS=produto bench/run.sh          # only GET /v1/produtos/{id} and its plain SQL
#   CENARIOS=custos LOJAS=1 bench/run.sh                 # the same with one store and one token
#   AQUECIMENTO_CUSTOS=10s CENARIOS=custos bench/run.sh  # the short warm-up used before c8b7e08 (2026-11-26)
#   CENARIOS=webhooks bench/run.sh                       # only the webhook delivery benchmark
#   WEBHOOK_EVENTO=pedido.criado WEBHOOK_THREADS=32 CENARIOS=webhooks bench/run.sh
#   CENARIOS=reconstrucao bench/run.sh                   # rebuild of pedido-view over 1,000,000 order events
#   EVENTOS=200000 PORTA=18480 CENARIOS=reconstrucao bench/run.sh
#   SO_PEDIDO_VIEW=1 CENARIOS=reconstrucao bench/run.sh   # the other processors paused: only pedido-view catches up
#   CENARIOS=sincronia bench/run.sh                      # freshness of incremental sync across two nodes
#   ESCRITAS_SINCRONIA=500 CARGAS_SINCRONIA="0 8" CENARIOS=sincronia bench/run.sh
#   CENARIOS=fanout bench/run.sh                         # one node sending to many webhooks (bench/fanout.py)
#   FANOUT_LENTOS=0 FANOUT_RECUSADOS=0 CENARIOS=fanout bench/run.sh       # only the fast endpoints
#   FANOUT_DURACAO=20 FANOUT_TAXA=1 CENARIOS=fanout bench/run.sh          # single deliveries on a quiet node
#   FANOUT_BACKLOG=5000 WEBHOOK_THREADS=32 CENARIOS=fanout bench/run.sh   # fast endpoints beside a draining backlog
#   CENARIOS=partida bench/run.sh                        # a node started cold under the order load, rate per 10 s
#   PARTIDA_JANELAS=18 JAVA_OPCOES=-Xmx512m CENARIOS=partida bench/run.sh
#   bash bench/partida-aot.sh                           # the same from JDK 25's ahead-of-time cache, trained first
#   CENARIOS=varreduras bench/run.sh                     # which GET routes scan a big table whole (bench/varreduras.py)
#   CENARIOS=historico bench/run.sh                      # pages of a store with 1,000,000 orders and customers
#   HISTORICO_PEDIDOS=100000 HISTORICO_PRODUTOS=10000 CENARIOS=historico bench/run.sh
#   SQL_ANTES="ALTER ROLE loja SET synchronous_commit = off" CENARIOS=custos CUSTOS=pedido bench/run.sh  # a server setting for the service only
#
# CENARIOS picks the groups: "custos" (each of the scenarios in $CUSTOS, "pedido" = POST /v1/pedidos with 3 items
# with stock control, "lista" = GET /v1/pedidos?limite=50, "produto" = GET /v1/produtos/{id}, on $LOJAS stores
# with a token each and $PRODUTOS_POR_LOJA products each, requests spread over them (bench/custos.lua); right
# after each, the same wrk load on the conventional baseline (bench/convencional/: the three requests as a team
# would write them without event sourcing, Spring MVC, JdbcTemplate, HikariCP, Jackson, the same quota statement,
# JSON shapes and validation; built here with Maven, given the same stores, token hashes and products through the
# service's API, its shapes checked against the service's before anything is measured, on a database of its own
# on port $PORTA_CONVENCIONAL, PORTA+6), then pgbench runs the plain-SQL equivalent (bench/sql-puro/) on tables
# of its own on the same server with the same connections and duration; printed: the three rates, both ratios, and
# the statements and transactions per request as pg_stat_statements and pg_stat_database count them), "api" (the other REST scenarios), "webhooks" (deliveries to a local
# receiver, bench/webhooks.py: deliveries per second and the time from the event's criadoEm to its arrival),
# "reconstrucao" (not in the default: it fills the event store with $EVENTOS order events, copies of a few orders
# created through the API (bench/reconstrucao.sql), times the live processors catching up with them, then rebuilds
# pedido-view through POST /admin/projecoes/pedido-view/replay and times it; bench/reconstrucao.py) and
# "sincronia" (not in the default: a second node on the same database; bench/sincronia.py writes on the first and
# polls incremental sync on the second, and reports the time from each write's response to the page that lists
# it, alone and with $CARGAS_SINCRONIA threads creating products meanwhile) and "fanout" (not in the default: what
# an integration hub sees when one node sends many webhooks; below) and "varreduras" (not in the default: one store
# made by docs/quickstart.sh, its rows copied for $LOJAS_RUIDO other stores, up to 200,000 rows a table; every GET
# route asked once, plain and revalidated, then the quickstart's writes once more for a store of its own, while the
# cluster logs every plan (auto_explain); printed per request: the tables of more than 5,000 rows its plans scanned
# whole; bench/varreduras.py) and "historico" (not in the default: the pages of a store with a long history.
# One store gets one order through the API, copied in SQL to $HISTORICO_PEDIDOS (1,000,000) orders created over
# the year before (statuses spread over ENTREGUE, CANCELADO and PENDENTE), and one product and one customer, copied
# to $HISTORICO_PRODUTOS (100,000; one in seven unavailable) and $HISTORICO_CLIENTES (1,000,000). Then, after
# $AQUECIMENTO_CUSTOS of warm-up, wrk with $CONEXOES connections (16) for $DURACAO on
# GET /v1/pedidos?limite=50, the same with status=ENTREGUE, with desde= the last day, and the first page revalidated
# (If-None-Match, 304), then GET /v1/produtos?limite=50, the same with apenasDisponiveis=true, and
# GET /v1/clientes?limite=50: what an ERP polling a big store pays per page).
#
# fanout: $FANOUT_LOJAS stores (10) with $FANOUT_WEBHOOKS webhooks each (5), all subscribed to $FANOUT_EVENTO
# (cliente.criado, created by POST /v1/clientes; or pedido.criado, POST /v1/pedidos), each pointing at a path of
# its own on a local receiver (bench/fanout.py, asyncio, keep-alive) that answers 200 after $FANOUT_ATRASO_MS ms
# (100): the fast endpoints. Beside them, in the same stores (round robin, so they get the same events as the fast
# ones of their store): $FANOUT_LENTOS endpoints (10) answered after $FANOUT_ATRASO_LENTO_MS ms (9000) and
# $FANOUT_RECUSADOS endpoints (10) on a local port where nothing listens (connection refused); either may be 0. A
# store takes at most 20 webhooks. First $FANOUT_AQUECIMENTO s (120) of warm-up at the window's rate on a store of
# its own with $FANOUT_WEBHOOKS fast webhooks (and one slow and one refusing endpoint when the window has them),
# until its fast deliveries are in: after 20 s the JIT was still compiling the delivery path, which halved the rate,
# and 120 s at 50 events/s to one webhook left it compiling the failure path and much of the delivery path through
# the timed window. The receiver and the driver run at nice $FANOUT_NICE (-10; the normal priority where the user
# may not raise one): they stand for systems on other machines, and at the normal priority, on a machine 99% busy,
# the receiver's single thread ran its timers up to 0.5 s late, so a 100 ms endpoint answered in up to 600 ms and
# part of the lag measured was the receiver's. With $FANOUT_BACKLOG > 0 (0), one more store with one webhook whose
# answers the receiver holds gets that many events (as fast as they go), and once the service has started all
# those deliveries the receiver lets go as the timed window begins: the fast endpoints are measured while that
# backlog drains. The timed window: a Python driver ($FANOUT_CONEXOES keep-alive connections, 32) creates events at
# $FANOUT_TAXA events/s across the stores (default 1000 / FANOUT_WEBHOOKS: ~1,000 fast deliveries/s) for
# $FANOUT_DURACAO s (60), recording each resource's id and the time its 201 arrived; then it waits for every fast
# delivery, or $DRENO_PARADO s without one, or $FANOUT_DRENO s (DRENO, 300) at most. Reported: the rate achieved,
# fast deliveries/s in the window (and per 10 s slice), the lag from each write's response to its delivery's arrival
# at each fast endpoint (p50/p99/max, a missing one counting as later than any), missing deliveries, duplicates;
# what reached the slow endpoints and what the service attempted toward the refused ones (from its event store);
# how much of the backlog drained; the CPU seconds of the receiver, the driver, the service and PostgreSQL during
# the load, and of the service and PostgreSQL from the window's start to the drain's end with their CPU
# milliseconds per event of the window (each event's write and all its deliveries: a cost that a busy machine
# slows but hardly changes, so before/after pairs compare on it). FANOUT_ARQUIVOS=dir keeps the raw files (the receiver's log, the driver's, the endpoints);
# FANOUT_COMANDOS=1 also prints the service's 25 costliest statements of the window (pg_stat_statements).
# partida (not in the default): what a deploy or a failover looks like to the clients of a node. After $LOJAS stores
# with a token and $PRODUTOS_POR_LOJA products each are set up as for "custos", the service is stopped and started
# again (the database stays warm; the JVM starts cold), and from its first ready answer the order load of
# "custos" (POST /v1/pedidos, 3 items, $CONEXOES connections) runs in $PARTIDA_JANELAS (12) back-to-back windows of
# 10 s. Printed per window: orders/s, p99 and the service's resident memory (RSS) at its end; and the settled rate
# (the median of the last three windows), each window as a share of it, and the time from java's start to ready.
#
# JAVA_OPCOES: extra JVM options for the service (a flight recording, say).
#
# The service's webhook settings come from the environment as for any run: every WEBHOOK_* variable (WEBHOOK_THREADS,
# WEBHOOK_TIMEOUT, WEBHOOK_RETRY_DELAYS, and whatever a sender adds) reaches it, and the fanout header lists them.
#
# Everything it starts (the cluster, the service, a second node, the webhook receiver) is stopped by its pid when
# the script ends, fails or is interrupted, and the temporary directories are removed; if the script itself is
# killed outright, a watchdog does the same. Any failed step, error response or failed transaction stops the run
# with a message and a non-zero status.
set -euo pipefail

raiz="$(cd "$(dirname "$0")/.." && pwd)"
jar="${JAR:-$raiz/api-gateway/target/store-api.jar}"  # JAR: another build (a before/after pair)
duracao="${DURACAO:-20s}"
aquecimento="${AQUECIMENTO:-10s}"
# The costed scenarios are compared with plain SQL, which has no JIT to warm: each gets a warm-up long enough for
# the JVM's compiler to have settled. After 10 s of orders on 2 cores the C2 compiler threads still took 17-19% of
# the JVM's CPU in the measured window (70 compilations/s); they fall to ~15/s after about 45 s.
aquecimento_custos="${AQUECIMENTO_CUSTOS:-60s}"
conexoes="${CONEXOES:-8}"
threads="${THREADS:-2}"
porta="${PORTA:-18080}"
resultados="$raiz/bench/results"
cenarios="${CENARIOS:-custos api webhooks}"
evento_webhook="${WEBHOOK_EVENTO:-cliente.criado}"
porta_receptor="${PORTA_RECEPTOR:-$((porta + 1))}"
dreno_maximo="${DRENO:-300}"          # s: the longest wait for deliveries after the load stops
dreno_parado="${DRENO_PARADO:-45}"    # s without a new delivery that ends the wait (> the first retry delay, 30s)
rajada="${RAJADA:-6s}"                # load while the receiver holds its answers: keep it well under WEBHOOK_TIMEOUT
# ENTREGAS=file.jsonl keeps the receiver's log (one line per delivery received) for a closer look; LOG_SERVICO=file
# keeps the service's log.
eventos_reconstrucao="${EVENTOS:-1000000}"  # order events in the store for the rebuild (at least this many)
alcance_maximo="${ALCANCE_MAXIMO:-3600}"    # s: the longest wait for the live processors to catch up after the fill
reconstrucao_maxima="${RECONSTRUCAO_MAXIMA:-3600}"  # s: the longest wait for the rebuild
escritas_sincronia="${ESCRITAS_SINCRONIA:-200}"   # writes measured per run of the sync scenario
lojas_ruido="${LOJAS_RUIDO:-100000}"               # varreduras: other stores the quickstart store's rows are copied for
historico_pedidos="${HISTORICO_PEDIDOS:-1000000}"  # historico: the orders of the store with a long history
historico_produtos="${HISTORICO_PRODUTOS:-100000}"  # historico: its products
historico_clientes="${HISTORICO_CLIENTES:-1000000}" # historico: its customers
cargas_sincronia="${CARGAS_SINCRONIA:-0 4}"       # product-creating threads during each run (one run per value)
porta_no2="${PORTA_NO2:-$((porta + 2))}"          # the second node of the sync scenario
custos="${CUSTOS:-pedido lista produto}"          # the costed scenarios, in this order
lojas_custos="${LOJAS:-40}"                       # stores of the costed scenarios, each with a token of its own
produtos_por_loja="${PRODUTOS_POR_LOJA:-10}"      # products with stock control in each of them
conexoes_custos="${CONEXOES:-16}"                 # connections of both the API and pgbench in the costed scenarios
quieto="${QUIETO:-300}"   # statements/s under which the service counts as idle (its background is about 100)
# The database server: a throwaway cluster of this PostgreSQL (Debian package postgresql-15, installed if missing),
# on its own port; PG_BIN=/usr/lib/postgresql/16/bin for another version.
pg_bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
porta_pg="${PORTA_PG:-$((porta + 3))}"
fanout_lojas="${FANOUT_LOJAS:-10}"
fanout_webhooks="${FANOUT_WEBHOOKS:-5}"
fanout_atraso="${FANOUT_ATRASO_MS:-100}"
fanout_lentos="${FANOUT_LENTOS:-10}"
fanout_atraso_lento="${FANOUT_ATRASO_LENTO_MS:-9000}"
fanout_recusados="${FANOUT_RECUSADOS:-10}"
fanout_backlog="${FANOUT_BACKLOG:-0}"
fanout_duracao="${FANOUT_DURACAO:-60}"
fanout_evento="${FANOUT_EVENTO:-cliente.criado}"
fanout_conexoes="${FANOUT_CONEXOES:-32}"
fanout_aquecimento="${FANOUT_AQUECIMENTO:-120}"
fanout_dreno="${FANOUT_DRENO:-$dreno_maximo}"
fanout_nice="${FANOUT_NICE:--10}"                 # the receiver's and the driver's scheduling priority (nice)
porta_fanout="${PORTA_FANOUT:-$((porta + 4))}"    # the fan-out receiver
porta_recusada=$((porta_fanout + 1))              # nothing listens there: the refused endpoints
# The conventional baseline of the costed scenarios (bench/convencional/: Spring MVC, JdbcTemplate, HikariCP with
# the service's default pool of 20), built here, on a database of its own on the same server.
porta_convencional="${PORTA_CONVENCIONAL:-$((porta + 6))}"
jar_convencional="$raiz/bench/convencional/target/convencional.jar"

quer() { case " $cenarios " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
custo_quer() { case " $custos " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
for c in $cenarios; do
  case "$c" in custos | api | webhooks | reconstrucao | sincronia | fanout | partida | varreduras | historico) ;;
    *) echo "CENARIOS: '$c' não é custos, api, webhooks, reconstrucao, sincronia, fanout, partida, varreduras nem historico" >&2; exit 1 ;; esac
done
for c in $custos; do
  case "$c" in pedido | lista | produto) ;;
    *) echo "CUSTOS: '$c' não é pedido, lista nem produto" >&2; exit 1 ;; esac
done
case "$evento_webhook" in cliente.criado | pedido.criado) ;;
  *) echo "WEBHOOK_EVENTO: use cliente.criado ou pedido.criado" >&2; exit 1 ;; esac
if quer fanout; then
  case "$fanout_evento" in cliente.criado | pedido.criado) ;;
    *) echo "FANOUT_EVENTO: use cliente.criado ou pedido.criado" >&2; exit 1 ;; esac
  for v in FANOUT_LOJAS:"$fanout_lojas" FANOUT_WEBHOOKS:"$fanout_webhooks" FANOUT_DURACAO:"$fanout_duracao" \
           FANOUT_CONEXOES:"$fanout_conexoes"; do
    [[ "${v#*:}" =~ ^[1-9][0-9]*$ ]] || { echo "${v%%:*}: um inteiro positivo, não '${v#*:}'" >&2; exit 1; }
  done
  for v in FANOUT_ATRASO_MS:"$fanout_atraso" FANOUT_LENTOS:"$fanout_lentos" FANOUT_ATRASO_LENTO_MS:"$fanout_atraso_lento" \
           FANOUT_RECUSADOS:"$fanout_recusados" FANOUT_BACKLOG:"$fanout_backlog" FANOUT_AQUECIMENTO:"$fanout_aquecimento" \
           FANOUT_DRENO:"$fanout_dreno"; do
    [[ "${v#*:}" =~ ^[0-9]+$ ]] || { echo "${v%%:*}: um inteiro, não '${v#*:}'" >&2; exit 1; }
  done
  [[ "$fanout_nice" =~ ^-?[0-9]+$ ]] || { echo "FANOUT_NICE: um inteiro (nice), não '$fanout_nice'" >&2; exit 1; }
  # A user who may not raise a priority runs them at the normal one; the header says which.
  [ "$(nice -n "$fanout_nice" nice 2>/dev/null)" = "$(($(nice) + fanout_nice))" ] || fanout_nice=0
  fanout_taxa="${FANOUT_TAXA:-$(awk -v w="$fanout_webhooks" 'BEGIN { print 1000 / w }')}"
  awk -v t="$fanout_taxa" 'BEGIN { exit !(t + 0 > 0 && t ~ /^[0-9]*\.?[0-9]+$/) }' \
    || { echo "FANOUT_TAXA: eventos/s, um número maior que zero, não '$fanout_taxa'" >&2; exit 1; }
  # The most webhooks one store gets (the slow and refused ones go round robin over the stores): at most 20.
  por_loja=$((fanout_webhooks + (fanout_lentos + fanout_lojas - 1) / fanout_lojas + (fanout_recusados + fanout_lojas - 1) / fanout_lojas))
  aquecimento_por_loja=$((fanout_webhooks + (fanout_lentos > 0) + (fanout_recusados > 0)))
  [ "$aquecimento_por_loja" -le "$por_loja" ] || por_loja=$aquecimento_por_loja  # the warm-up's store
  [ "$por_loja" -le 20 ] || { echo "fanout: até $por_loja webhooks numa loja, o máximo é 20; aumente FANOUT_LOJAS" >&2; exit 1; }
fi
[[ "$lojas_custos" =~ ^[1-9][0-9]*$ ]] || { echo "LOJAS: um número de lojas, não '$lojas_custos'" >&2; exit 1; }
[[ "$produtos_por_loja" =~ ^[0-9]+$ ]] && [ "$produtos_por_loja" -ge 3 ] \
  || { echo "PRODUTOS_POR_LOJA: 3 ou mais (um pedido leva três produtos distintos)" >&2; exit 1; }
# pgbench takes whole seconds; wrk takes 20s, 2m, 1h.
segundos() {
  case "$1" in
    *[0-9]s) echo "${1%s}" ;; *[0-9]m) echo $(( ${1%m} * 60 )) ;; *[0-9]h) echo $(( ${1%h} * 3600 )) ;;
    *[0-9]) echo "$1" ;; *) echo "DURACAO: use 20s, 2m ou 1h, não '$1'" >&2; return 1 ;;
  esac
}
segundos_custos=$(segundos "$duracao")
# Alone, the webhook scenarios get a longer warm-up: their rates kept rising with it (on 2 cores, 8-connection
# creation with deliveries ran at 102, 122 and 137 events/s after 10s, 60s and 120s; 167 after the api scenarios).
if quer api || quer custos; then aquecimento_webhooks="${AQUECIMENTO_WEBHOOKS:-$aquecimento}"
else aquecimento_webhooks="${AQUECIMENTO_WEBHOOKS:-60s}"; fi

[ -f "$jar" ] || { echo "Falta $jar: rode 'mvn -q -DskipTests package' antes." >&2; exit 1; }
instalar_pacote() { # a Debian package
  echo "Instalando o pacote Debian $1..." >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y "$1" >/dev/null || { apt-get update >/dev/null && apt-get install -y "$1" >/dev/null; }
  else sudo apt-get install -y "$1" >/dev/null; fi
}
instalar() { # comando pacote: a Debian package, when the command is missing
  command -v "$1" >/dev/null || instalar_pacote "$2"
}
if quer api || quer webhooks || quer custos || quer historico; then instalar wrk wrk; fi
tem_postgres() { [ -x "$pg_bin/initdb" ] && [ -x "$pg_bin/pgbench" ] && [ -f "$("$pg_bin/pg_config" --pkglibdir)/pg_stat_statements.so" ]; }
if ! tem_postgres 2>/dev/null; then
  [ -z "${PG_BIN:-}" ] && instalar_pacote postgresql-15
  tem_postgres || { echo "Falta o PostgreSQL em $pg_bin (initdb, pgbench, pg_stat_statements)" >&2; exit 1; }
fi
# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user (created by the package).
como_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# One run at a time on a machine: two runs measure each other. A run waits here for one already running, from
# whichever checkout; a lock whose owner has died is taken over. (A build beside a run spoils it as well.)
trava="${TMPDIR:-/tmp}/store-api-bench.trava"
until mkdir "$trava" 2>/dev/null; do
  dono=$(cat "$trava/pid" 2>/dev/null || true)
  if [ -n "$dono" ] && ! kill -0 "$dono" 2>/dev/null; then rm -rf "$trava"; continue; fi
  [ -n "${avisado:-}" ] || { echo "Outro bench/run.sh (pid ${dono:-?}) está medindo: esperando por ele..." >&2; avisado=1; }
  sleep 2
done
echo $$ >"$trava/pid"

carga_inicial="$(cut -d" " -f1-3 /proc/loadavg)"
dados="$(mktemp -d -t bench-dados.XXXXXX)"
pg_raiz="$(mktemp -d -t bench-pg.XXXXXX)"
[ "$(id -u)" = 0 ] && chown postgres: "$pg_raiz"
admin="bench-admin-$(date +%s)-$RANDOM"
# The master key of webhook secrets, shared by the second node (its own DATA_DIR would generate another one).
segredos=$(head -c 32 /dev/urandom | base64)
log="$dados/servico.log"

# A process is alive while it exists and is not a zombie.
vivo() { local estado; estado=$(ps -o stat= -p "$1" 2>/dev/null) && [ -n "$estado" ] && [ "${estado#Z}" = "$estado" ]; }
encerrar() { # pid [s]: SIGTERM, then SIGKILL if it is still there after s seconds (default 60)
  vivo "$1" || { wait "$1" 2>/dev/null || true; return 0; }
  kill "$1" 2>/dev/null || true
  for _ in $(seq 1 "${2:-60}"); do vivo "$1" || break; sleep 1; done
  if vivo "$1"; then echo "O processo $1 não parou com SIGTERM: SIGKILL" >&2; kill -9 "$1" 2>/dev/null || true; fi
  wait "$1" 2>/dev/null || true
}
parar_banco() {
  [ -f "$pg_raiz/dados/postmaster.pid" ] || return 0
  (cd / && como_postgres "$pg_bin/pg_ctl" -D "$pg_raiz/dados" -m fast -w -t 60 stop >/dev/null) || {
    local postmaster
    postmaster=$(head -1 "$pg_raiz/dados/postmaster.pid" 2>/dev/null || true)
    echo "pg_ctl stop falhou: SIGQUIT ao postmaster $postmaster" >&2
    [ -n "$postmaster" ] && kill -QUIT "$postmaster" 2>/dev/null || true
  }
}
# The service and the other processes started here write their pid to $dados/NAME.pid (the sync scenario's second
# node is started in the output pipeline's subshell, whose variables this shell does not see).
cleanup() {
  local saida=$? arquivo
  set +e
  [ -n "${pid_vigia:-}" ] && kill "$pid_vigia" 2>/dev/null && wait "$pid_vigia" 2>/dev/null
  for arquivo in "$dados"/*.pid; do
    [ -f "$arquivo" ] && encerrar "$(cat "$arquivo")"
  done
  [ -n "${LOG_SERVICO:-}" ] && cp "$log" "$LOG_SERVICO" 2>/dev/null
  if [ "$saida" != 0 ] && [ -f "$log" ]; then
    echo "bench/run.sh falhou (saída $saida); fim do log do serviço:" >&2
    grep -v '^[[:space:]]*at ' "$log" | tail -15 >&2
  fi
  parar_banco
  rm -rf "$dados" "$pg_raiz"
  [ "$(cat "$trava/pid" 2>/dev/null)" = "$$" ] && rm -rf "$trava"
  return "$saida"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Should this script be killed outright (no EXIT trap), a watchdog in a session of its own stops what it started:
# each pid in $dados/*.pid that is still this jar or a bench script, then the cluster; then it removes both
# directories. After a normal end the trap has done all that and stopped the watchdog first.
setsid bash -c '
  while kill -0 "$1" 2>/dev/null; do sleep 1; done
  for arquivo in "$2"/*.pid; do
    [ -f "$arquivo" ] || continue
    p=$(cat "$arquivo")
    if tr "\0" " " </proc/"$p"/cmdline 2>/dev/null | grep -qF -e "$4" -e "$5/bench/"; then kill "$p"; fi
  done
  sleep 5
  if [ -f "$3/dados/postmaster.pid" ]; then
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$6/pg_ctl" -D "$3/dados" -m fast -w stop
    else "$6/pg_ctl" -D "$3/dados" -m fast -w stop; fi
  fi
  rm -rf "$2" "$3"' vigia "$$" "$dados" "$pg_raiz" "$jar" "$raiz" "$pg_bin" >/dev/null 2>&1 </dev/null &
pid_vigia=$!

# Another service on a port would be measured instead of this one (and this one would not start).
porta_ocupada() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null || curl -s -o /dev/null "http://localhost:$1/"; }
for p in "$porta" "$porta_receptor" "$porta_pg" $(quer sincronia && echo "$porta_no2") \
         $(quer custos && echo "$porta_convencional") \
         $(quer fanout && echo "$porta_fanout $porta_recusada"); do
  if porta_ocupada "$p"; then
    echo "Porta $p já em uso: escolha outras com PORTA=... (usa PORTA a PORTA+5) ou PORTA_PG=..." >&2; exit 1
  fi
done

# The cluster: Debian's defaults but for the port, max_connections (the service's pool plus pgbench's and a
# second node's) and pg_stat_statements. The service connects as role loja to database loja; pgbench as role
# sql_puro (tables of its own in schema sql_puro of the same database); the bench itself as postgres to database
# postgres, so that counting by role leaves its own statements out.
echo "Iniciando o PostgreSQL ($pg_bin) na porta $porta_pg..." >&2
(cd / && como_postgres "$pg_bin/initdb" -D "$pg_raiz/dados" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8) \
  >"$dados/initdb.log" 2>&1 || { echo "initdb falhou:" >&2; cat "$dados/initdb.log" >&2; exit 1; }
(cd / && como_postgres "$pg_bin/pg_ctl" -D "$pg_raiz/dados" -l "$pg_raiz/servidor.log" -w -t 120 start -o \
  "-p $porta_pg -c listen_addresses=localhost -c unix_socket_directories='$pg_raiz' -c max_connections=300 \
   -c shared_preload_libraries=pg_stat_statements$(quer varreduras && echo ,auto_explain || true) \
   -c pg_stat_statements.max=10000") >/dev/null \
  || { echo "O PostgreSQL não subiu:" >&2; tail -20 "$pg_raiz/servidor.log" >&2; exit 1; }
sql_bench() { "$pg_bin/psql" -X -q -At -v ON_ERROR_STOP=1 -h localhost -p "$porta_pg" -U postgres -d postgres "$@"; }
sql() { "$pg_bin/psql" -X -q -At -v ON_ERROR_STOP=1 -h localhost -p "$porta_pg" -U postgres -d loja "$@"; }
sql_bench -c "CREATE EXTENSION pg_stat_statements" -c "CREATE ROLE loja LOGIN SUPERUSER" -c "CREATE ROLE sql_puro LOGIN" \
  -c "CREATE DATABASE loja OWNER loja"
# SQL_ANTES: statements run on the new cluster (as postgres, database postgres) before anything else, to try a
# server setting on the service alone (the conventional service and pgbench connect as other roles).
[ -z "${SQL_ANTES:-}" ] || sql_bench -c "$SQL_ANTES"
url_banco="jdbc:postgresql://localhost:$porta_pg/loja"
if quer custos; then
  sql_bench -c "CREATE ROLE convencional LOGIN" -c "CREATE DATABASE convencional OWNER convencional"
  echo "Construindo a base convencional (bench/convencional)..." >&2
  mvn -q -f "$raiz/bench/convencional/pom.xml" -DskipTests package >"$dados/convencional-build.log" 2>&1 \
    || { echo "A base convencional não compilou:" >&2; tail -30 "$dados/convencional-build.log" >&2; exit 1; }
fi

# ALLOW_PRIVATE_NETWORK_TARGETS: the webhook receiver listens on loopback, which the service refuses otherwise.
# Sets $pid (also in $dados/servico.pid) and $partida_ns (when java was started, date +%s%N).
subir_servico() {
  partida_ns=$(date +%s%N)
  DATA_DIR="$dados" SERVER_PORT="$porta" ADMIN_TOKEN="$admin" SECRETS_KEY="$segredos" ALLOW_PRIVATE_NETWORK_TARGETS=true \
    DATABASE_URL="$url_banco" DATABASE_USER=loja \
    RATE_LIMIT_PER_MINUTE=1000000000 RATE_LIMIT_WRITES_PER_MINUTE=1000000000 \
    java ${JAVA_OPCOES:-} -jar "$jar" >>"$log" 2>&1 &
  pid=$!
  echo "$pid" >"$dados/servico.pid"
}
subir_servico
base="http://localhost:$porta"
echo "Iniciando o serviço..." >&2
for _ in $(seq 1 300); do
  curl -sf "$base/actuator/health" >/dev/null 2>&1 && break
  vivo "$pid" || { echo "O serviço não subiu:" >&2; tail -50 "$log" >&2; exit 1; }
  sleep 1
done
curl -sf "$base/actuator/health" >/dev/null 2>&1 || { echo "O serviço não respondeu em 300 s" >&2; exit 1; }

json() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
criar_loja() {
  local id
  id=$(curl -sf -X POST "$base/admin/lojas" -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
         -d "{\"nome\":\"Bench\",\"slug\":\"bench-$1-$RANDOM\"}" | json id)
  curl -sf -X POST "$base/admin/lojas/$id/tokens" -H "Authorization: Bearer $admin" \
       -H 'Content-Type: application/json' -d '{"nome":"bench"}' | json token
}

cenario() { # nome conexoes threads metodo url token [categoriaId: POST de produto] [corpo fixo]
  BENCH_METODO="$4" BENCH_TOKEN="$6" BENCH_PREFIXO="$1" BENCH_CORPO_PRODUTO="${7:-}" BENCH_CORPO="${8:-}" \
    BENCH_IF_NONE_MATCH="${BENCH_IF_NONE_MATCH:-}" wrk -t"$3" -c"$2" -d"$duracao" -s "$raiz/bench/api.lua" "$5" \
    | grep '^RESULTADO' | sed "s/^RESULTADO/$1 conexoes=$2/"
}

# The ETag of a GET, once sending it back in If-None-Match gave 304 (for a revalidation scenario).
etag_revalidada() { # url token
  local etag status
  etag=$(curl -sf -o /dev/null -D - "$1" -H "Authorization: Bearer $2" | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: *//p')
  [ -n "$etag" ] || { echo "GET $1 sem ETag" >&2; exit 1; }
  status=$(curl -s -o /dev/null -w '%{http_code}' "$1" -H "Authorization: Bearer $2" -H "If-None-Match: $etag")
  [ "$status" = 304 ] || { echo "GET $1 com If-None-Match: $etag deu $status, não 304" >&2; exit 1; }
  echo "$etag"
}

# Orders: three products with stock control and stock enough for the whole run; every order takes one unit of
# each, so all orders contend for the same three products (the hot-product case). Prints the order's body.
# linhas_da_tabela PATTERN PREFIX FIELD...: the lines of $saida matching PATTERN ("name k=v k=v ...") as rows of a
# Markdown table: the name without PREFIX, then the value of each FIELD (empty where the line has none).
linhas_da_tabela() {
  local padrao=$1 prefixo=$2
  shift 2
  grep "$padrao" "$saida" | awk -v prefixo="$prefixo" -v campos="$*" '{
    delete v; for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    if (index($1, prefixo) == 1) $1 = substr($1, length(prefixo) + 1)
    n = split(campos, c, " "); printf "| %s", $1; for (j = 1; j <= n; j++) printf " | %s", v[c[j]]; print " |" }'
}
corpo_de_pedido() { # token
  local itens="" id i
  for i in 1 2 3; do
    id=$(curl -sf -X POST "$base/v1/produtos" -H "Authorization: Bearer $1" -H 'Content-Type: application/json' \
           -d "{\"nome\":\"Item $i\",\"preco\":$((i * 7)).5,\"controlaEstoque\":true,\"quantidadeEstoque\":100000000}" | json id)
    itens="$itens${itens:+,}{\"produtoId\":\"$id\",\"quantidade\":1}"
  done
  echo "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Bench\"},\"itens\":[$itens]}"
}

if quer api; then
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

  token_pedidos=$(criar_loja pedidos)
  corpo_pedido=$(corpo_de_pedido "$token_pedidos")

  echo "Aquecendo ($aquecimento)..." >&2
  BENCH_METODO=POST BENCH_TOKEN="$token_escrita" BENCH_PREFIXO=aq wrk -t"$threads" -c"$conexoes" -d"$aquecimento" -s "$raiz/bench/api.lua" "$base/v1/categorias" >/dev/null
  BENCH_TOKEN="$token_leitura" wrk -t"$threads" -c"$conexoes" -d"$aquecimento" -s "$raiz/bench/api.lua" "$base/v1/categorias" >/dev/null
  BENCH_TOKEN="$token_catalogo" wrk -t"$threads" -c"$conexoes" -d"$aquecimento" -s "$raiz/bench/api.lua" "$base/v1/produtos?limite=100" >/dev/null
fi

if quer webhooks; then
  # The receiver answers 200 at once and logs every arrival; each scenario has a store, a webhook and a path of
  # its own, so its deliveries are told apart by path.
  entregas="$dados/entregas.jsonl"
  receptor="http://127.0.0.1:$porta_receptor"
  python3 "$raiz/bench/webhooks.py" receber "$porta_receptor" "$entregas" 2>>"$dados/receptor.log" &
  pid_receptor=$!
  echo "$pid_receptor" >"$dados/receptor.pid"
  for _ in $(seq 1 50); do
    curl -sf "$receptor/contagem" >/dev/null 2>&1 && break
    kill -0 "$pid_receptor" 2>/dev/null || { echo "O receptor não subiu:" >&2; cat "$dados/receptor.log" >&2; exit 1; }
    sleep 0.1
  done
  recurso_webhook=$([ "$evento_webhook" = pedido.criado ] && echo pedido || echo cliente)

  registrar_webhook() { # token caminho
    local resposta
    resposta=$(curl -s -w '\n%{http_code}' -X POST "$base/v1/webhooks" -H "Authorization: Bearer $1" \
      -H 'Content-Type: application/json' \
      -d "{\"nome\":\"bench\",\"url\":\"$receptor$2\",\"eventos\":[\"$evento_webhook\"]}")
    [ "${resposta##*$'\n'}" = 201 ] || { echo "POST /v1/webhooks falhou: $resposta" >&2; exit 1; }
  }
  # Events created, as the service counts them: the store's customers (or orders) once the load is over.
  contar_eventos() { # token
    curl -sf "$base/v1/${recurso_webhook}s?limite=1" -H "Authorization: Bearer $1" \
      | python3 -c 'import json,sys; print(json.load(sys.stdin)["paginacao"]["total"])'
  }
  # Waits until every event has a delivery at the receiver, or none has arrived for $dreno_parado s, or
  # $dreno_maximo s passed; then 2 s more, for a late duplicate to show.
  drenar() { # token caminho
    local fim=$((SECONDS + dreno_maximo)) ultimo=-1 parado=$SECONDS eventos n
    while :; do
      eventos=$(contar_eventos "$1")
      n=$(curl -sf "$receptor/contagem?caminho=$2")
      [ "$n" -ge "$eventos" ] && break
      [ "$n" != "$ultimo" ] && { ultimo=$n; parado=$SECONDS; echo "  $2: $n de $eventos entregas..." >&2; }
      { [ $((SECONDS - parado)) -ge "$dreno_parado" ] || [ "$SECONDS" -ge "$fim" ]; } && break
      sleep 0.5
    done
    sleep 2
  }
  # Prints two lines: the event source's (wrk, post-cliente-webhook...) and the deliveries' (webhook-cliente...).
  # With segurar, the receiver holds its answers while the load runs, so the service's WEBHOOK_THREADS sending
  # threads wait on it and the other attempts queue; then it lets go, and the backlog is delivered with nothing
  # else competing for the CPU: its entregas/s is the sending capacity (its latencies include the hold).
  cenario_webhook() { # sufixo conexoes threads duracao [segurar]
    local duracao="$4" nome="webhook-$recurso_webhook$1" token inicio fim soltura="" corpo="" cliente=""
    token=$(criar_loja "$nome")
    registrar_webhook "$token" "/$nome"
    if [ "$recurso_webhook" = pedido ]; then corpo=$(corpo_de_pedido "$token"); else cliente=1; fi
    [ -n "${5:-}" ] && curl -sf -o /dev/null "$receptor/segurar?caminho=/$nome"
    inicio=$(date +%s.%N)
    BENCH_CORPO_CLIENTE="$cliente" cenario "post-$recurso_webhook-webhook$1" "$2" "$3" POST \
      "$base/v1/${recurso_webhook}s" "$token" "" "$corpo"
    fim=$(date +%s.%N)
    if [ -n "${5:-}" ]; then
      curl -sf -o /dev/null "$receptor/soltar?caminho=/$nome"
      soltura=$(date +%s.%N)
    fi
    drenar "$token" "/$nome"
    python3 "$raiz/bench/webhooks.py" relatorio "$entregas" "/$nome" "$nome" "$2" "$(contar_eventos "$token")" \
      "$inicio" "$fim" ${soltura:+"$soltura"}
  }
fi

if quer reconstrucao; then
  # Templates: four orders created through the API, each with a life of its own (14 events in all: 4 created, 8
  # status changes, 1 paid, 1 cancelled), copied by bench/reconstrucao.sql until the store holds at least
  # $eventos_reconstrucao order events. The products do not control stock, so no order moves stock and a copy lacks
  # no event of another aggregate.
  token_reconstrucao=$(criar_loja reconstrucao)
  pedir() { # metodo caminho corpo: prints the answer's body
    curl -sf -X "$1" "$base$2" -H "Authorization: Bearer $token_reconstrucao" -H 'Content-Type: application/json' -d "$3"
  }
  produto_a=$(pedir POST /v1/produtos '{"nome":"Pizza grande","preco":59.9}' | json id)
  produto_b=$(pedir POST /v1/produtos '{"nome":"Refrigerante 2 L","preco":12.5}' | json id)
  itens="[{\"produtoId\":\"$produto_a\",\"quantidade\":1,\"observacao\":\"sem cebola\"},{\"produtoId\":\"$produto_b\",\"quantidade\":2}]"
  mudar() { pedir PATCH "/v1/pedidos/$1" "$2" >/dev/null; }
  # Paid at confirmation and handed over at the counter: created, 4 status changes, paid.
  pedido=$(pedir POST /v1/pedidos "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\",\"celular\":\"11999990000\"},\"itens\":$itens}" | json id)
  mudar "$pedido" '{"status":"CONFIRMADO","pagamentoStatus":"PAGO"}'
  for status in PREPARANDO PRONTO ENTREGUE; do mudar "$pedido" "{\"status\":\"$status\"}"; done
  # Delivered with tracking: created, 3 status changes.
  pedido=$(pedir POST /v1/pedidos "{\"tipoEntrega\":\"DELIVERY\",\"taxaEntrega\":8,\"cliente\":{\"nome\":\"Bruno\",\"endereco\":\"Rua das Flores\",\"numero\":\"120\",\"bairro\":\"Centro\",\"cidade\":\"Campinas\",\"uf\":\"SP\",\"cep\":\"13010000\"},\"itens\":$itens}" | json id)
  mudar "$pedido" '{"status":"CONFIRMADO"}'
  mudar "$pedido" '{"status":"ENVIADO","tempoEntrega":"40 min","codigoRastreio":"BR123456789","urlRastreio":"https://rastreio.example.com/BR123456789"}'
  mudar "$pedido" '{"status":"ENTREGUE"}'
  # Cancelled: created, a status change, cancelled.
  pedido=$(pedir POST /v1/pedidos "{\"tipoEntrega\":\"MESA\",\"cliente\":{\"nome\":\"Carla\"},\"itens\":$itens}" | json id)
  mudar "$pedido" '{"status":"CANCELADO","motivoCancelamento":"Cliente desistiu"}'
  # Still pending: created.
  pedido=$(pedir POST /v1/pedidos "{\"tipoEntrega\":\"RETIRADA\",\"observacoes\":\"Retira às 19h\",\"cliente\":{\"nome\":\"Davi\"},\"itens\":$itens}" | json id)
  loja_reconstrucao=$(sql -c "SELECT loja_id FROM pedido_view WHERE id = '$pedido'")
  # what a client of the store reads during the rebuild: the four orders (a page of the 285,716 orders would mostly
  # measure its count of them)
  leituras_reconstrucao=$(sql -c "SELECT string_agg('/v1/pedidos/' || id, ' ' ORDER BY numero) FROM pedido_view
                                   WHERE loja_id = '$loja_reconstrucao'")

  # The fill runs while the service is up, in one transaction: the live processors, all at the head, see nothing of
  # it until the commit, so the fill is timed alone and the catch-up starts at the commit, on a warm service. Then
  # every processor is back at the head before the rebuild, which so has the machine to itself.
  cenario_reconstrucao() {
    local modelos eventos_modelo copias cabeca_antes cabeca t0 t1 grupos errados antes depois
    read -r modelos eventos_modelo < <(sql -F' ' -c "SELECT count(DISTINCT aggregate_identifier), count(*)
      FROM domain_event_entry WHERE type = 'Pedido' AND convert_from(payload, 'UTF8')::jsonb ->> 'lojaId' = '$loja_reconstrucao'")
    copias=$(( (eventos_reconstrucao + eventos_modelo - 1) / eventos_modelo - 1 ))
    python3 "$raiz/bench/reconstrucao.py" alcance "$base" "$admin" 0 "$(date +%s)" 300 >/dev/null
    cabeca_antes=$(sql -c "SELECT coalesce(max(global_index), 0) FROM domain_event_entry")
    local so=""
    if [ "${SO_PEDIDO_VIEW:-0}" = 1 ]; then
      # Every other processor is paused (as a rebuild's swap pauses one) before the fill and stays behind: on a
      # machine loaded by others the slowest (feed-de-eventos, webhook-disparo) took 15 min for 300,000 events, and the
      # rebuild must not run beside their catch-up either. Only pedido-view's catch-up is then waited for.
      sql -c "INSERT INTO pausa_de_processador (processador, dono, ate)
              SELECT DISTINCT processor_name, 'bench', now() + interval '12 hours' FROM token_entry
               WHERE processor_name <> 'pedido-view' AND processor_name NOT LIKE '%@%'
              ON CONFLICT (processador) DO UPDATE SET dono = EXCLUDED.dono, ate = EXCLUDED.ate"
      so=pedido-view
    fi
    echo "Preenchendo: $copias cópias de $modelos pedidos ($eventos_modelo eventos)..." >&2
    t0=$(date +%s.%N)
    sql -v loja="$loja_reconstrucao" -v copias="$copias" -f "$raiz/bench/reconstrucao.sql"
    t1=$(date +%s.%N)
    cabeca=$(sql -c "SELECT max(global_index) FROM domain_event_entry")
    awk -v e=$((cabeca - cabeca_antes)) -v a="$t0" -v b="$t1" -v p=$((modelos * copias)) -v c="$copias" -v m="$modelos" \
      -v l="$(cut -d" " -f1 /proc/loadavg)" 'BEGIN { printf "preenchimento eventos=%d s=%.1f eventos_s=%.0f pedidos=%d copias=%d modelos=%d carga1=%s\n", e, b - a, e / (b - a), p, c, m, l }'
    echo "Alcance dos processadores ao vivo..." >&2
    python3 "$raiz/bench/reconstrucao.py" alcance "$base" "$admin" "$cabeca_antes" "$t1" "$alcance_maximo" $so
    # Every copy must have reached its template's last state at its template's version: one group per template
    # (status, versao), each with copias + 1 orders, and as many order numbers as orders.
    read -r grupos errados < <(sql -F' ' -c "SELECT count(*), count(*) FILTER (WHERE n <> $((copias + 1)) OR nums <> n)
      FROM (SELECT status, versao, count(*) n, count(DISTINCT numero) nums FROM pedido_view
             WHERE loja_id = '$loja_reconstrucao' GROUP BY status, versao) g")
    echo "pedido-view pedidos=$(sql -c "SELECT count(*) FROM pedido_view WHERE loja_id = '$loja_reconstrucao'") esperados=$((modelos * (copias + 1))) estados=$(sql -c "SELECT string_agg(status || '/v' || versao || ':' || n, ',' ORDER BY status, versao) FROM (SELECT status, versao, count(*) n FROM pedido_view WHERE loja_id = '$loja_reconstrucao' GROUP BY status, versao) g")"
    [ "$grupos" = "$modelos" ] && [ "$errados" = 0 ] || { echo "pedido-view não mostra cada cópia como o seu modelo" >&2; return 1; }
    # The rebuilt read model must equal the one the live processor built, row by row.
    antes=$(sql -c "SELECT count(*) || ':' || coalesce(sum(hashtextextended(p::text, 0)::numeric), 0) FROM pedido_view p")
    echo "Reconstruindo pedido-view..." >&2
    # CPU seconds of the service and of PostgreSQL over the rebuild, per event: the machine is shared, and these
    # grow less than the wall clock when others load it
    local cpu_s0 cpu_p0
    # shellcheck disable=SC2086 # the paths, one word each
    python3 "$raiz/bench/reconstrucao.py" aquecer "$base" "$token_reconstrucao" $leituras_reconstrucao
    cpu_s0=$(cpu_de "$pid"); cpu_p0=$(cpu_postgres)
    # a client of the store keeps reading its first four orders throughout: no read may fail
    # shellcheck disable=SC2086 # the paths, one word each
    python3 "$raiz/bench/reconstrucao.py" reconstruir "$base" "$admin" pedido-view "$reconstrucao_maxima" \
      "$token_reconstrucao" $leituras_reconstrucao
    awk -v s0="$cpu_s0" -v s1="$(cpu_de "$pid")" -v p0="$cpu_p0" -v p1="$(cpu_postgres)" -v e="$cabeca" \
      'BEGIN { printf "reconstrucao-cpu servico_s=%.1f postgres_s=%.1f us_evento_servico=%.1f us_evento_postgres=%.1f\n", s1 - s0, p1 - p0, (s1 - s0) * 1e6 / e, (p1 - p0) * 1e6 / e }'
    depois=$(sql -c "SELECT count(*) || ':' || coalesce(sum(hashtextextended(p::text, 0)::numeric), 0) FROM pedido_view p")
    echo "pedido-view-reconstruida igual=$([ "$antes" = "$depois" ] && echo sim || echo nao) linhas=${depois%%:*}"
    [ "$antes" = "$depois" ] || { echo "pedido-view reconstruída difere da construída ao vivo ($antes x $depois)" >&2; return 1; }
  }
fi

if quer sincronia; then
  # The second node: the first one's database, a data directory (object store) of its own. Started last, so the
  # other scenarios run on one node as before.
  cenario_sincronia() {
    local token carga
    mkdir -p "$dados/no2"
    DATA_DIR="$dados/no2" SERVER_PORT="$porta_no2" ADMIN_TOKEN="$admin" SECRETS_KEY="$segredos" \
      DATABASE_URL="$url_banco" DATABASE_USER=loja \
      RATE_LIMIT_PER_MINUTE=1000000000 RATE_LIMIT_WRITES_PER_MINUTE=1000000000 \
      java -jar "$jar" >"$dados/no2.log" 2>&1 &
    pid_no2=$!
    echo "$pid_no2" >"$dados/no2.pid"
    for _ in $(seq 1 300); do
      curl -sf "http://localhost:$porta_no2/actuator/health" >/dev/null 2>&1 && break
      vivo "$pid_no2" || { echo "O segundo nó não subiu:" >&2; tail -50 "$dados/no2.log" >&2; exit 1; }
      sleep 1
    done
    curl -sf "http://localhost:$porta_no2/actuator/health" >/dev/null 2>&1 \
      || { echo "O segundo nó não respondeu em 300 s" >&2; exit 1; }
    for carga in $cargas_sincronia; do
      token=$(criar_loja "sincronia-$carga")
      echo "Sincronia entre nós: $escritas_sincronia escritas, carga $carga..." >&2
      python3 "$raiz/bench/sincronia.py" medir "$base" "http://localhost:$porta_no2" "$token" \
        "$escritas_sincronia" "$carga"
    done
    kill "$pid_no2" && wait "$pid_no2" 2>/dev/null || true
    rm -f "$dados/no2.pid"
  }
fi

  # CPU seconds (user + system) of a process; of the PostgreSQL cluster (the postmaster, its live children and those
  # it has reaped); the machine's busy and total jiffies (all cores, everything running on it).
  cpu_de() { sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f\n", ($12 + $13) / hz }'; }
  cpu_postgres() {
    local postmaster filhos
    postmaster=$(head -1 "$pg_raiz/dados/postmaster.pid")
    filhos=$(ps --ppid "$postmaster" -o pid= | tr -d ' ')
    { sed 's/^.*) //' "/proc/$postmaster/stat" | awk '{ print $12 + $13 + $14 + $15 }'
      for p in $filhos; do sed 's/^.*) //' "/proc/$p/stat" 2>/dev/null | awk '{ print $12 + $13 }'; done
    } | awk -v hz="$(getconf CLK_TCK)" '{ s += $1 } END { printf "%.2f\n", s / hz }'
  }
  maquina() { awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t }' /proc/stat; }
  # The CPU figures at one instant: receiver, service, PostgreSQL, machine busy, machine total.
  instantaneo() { echo "$(curl -sf "$receptor_fanout/cpu") $(cpu_de "$pid") $(cpu_postgres) $(maquina)"; }

if quer fanout; then

  fanout_webhook() { # token url: prints the webhook's id
    local resposta
    resposta=$(curl -s -w '\n%{http_code}' -X POST "$base/v1/webhooks" -H "Authorization: Bearer $1" \
      -H 'Content-Type: application/json' -d "{\"nome\":\"fanout\",\"url\":\"$2\",\"eventos\":[\"$fanout_evento\"]}")
    [ "${resposta##*$'\n'}" = 201 ] || { echo "POST /v1/webhooks falhou: $resposta" >&2; exit 1; }
    echo "${resposta%$'\n'*}" | json id
  }
  # A store for the driver: a line "index token [order body]" of a LOJAS.tsv.
  fanout_loja() { # nome indice: prints the line, sets $token_fanout
    token_fanout=$(criar_loja "$1")
    if [ "$fanout_recurso" = pedidos ]; then
      printf '%s\t%s\t%s\n' "$2" "$token_fanout" "$(corpo_de_pedido "$token_fanout")"
    else printf '%s\t%s\t\n' "$2" "$token_fanout"; fi
  }
  fanout_carregar() { # lojas.tsv taxa duracao total saida
    nice -n "$fanout_nice" python3 "$raiz/bench/fanout.py" carregar "$base" "$1" "$fanout_recurso" "$2" "$3" "$4" "$fanout_conexoes" "$5" \
      || { echo "fanout: o driver recebeu respostas de erro (acima)" >&2; exit 1; }
  }
  fanout_campo() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1.json" "$2"; }
  # Waits until class $1 has $2 distinct deliveries at the receiver, or none came for $dreno_parado s, or $3 s
  # passed. Prints how it ended: "nao" (all in), "parado" or "limite".
  fanout_esperar() { # classe esperadas maximo
    local fim=$((SECONDS + $3)) ultimo=-1 parado=$SECONDS n proximo_aviso=0
    while :; do
      n=$(curl -sf "$receptor_fanout/contagem?classe=$1")
      [ "$n" -ge "$2" ] && { echo nao; return; }
      [ "$n" != "$ultimo" ] && { ultimo=$n; parado=$SECONDS; }
      [ "$SECONDS" -ge "$proximo_aviso" ] && { echo "  $1: $n de $2 entregas..." >&2; proximo_aviso=$((SECONDS + 10)); }
      [ $((SECONDS - parado)) -ge "$dreno_parado" ] && { echo parado; return; }
      [ "$SECONDS" -ge "$fim" ] && { echo limite; return; }
      sleep 0.5
    done
  }
  # Deliveries started, attempts made and attempts that succeeded, per webhook (tab-separated), from the event store.
  fanout_contagem_sql() {
    sql -F$'\t' -c "SELECT p ->> 'webhookId',
        count(*) FILTER (WHERE payload_type LIKE '%.EntregaIniciadaEvent'),
        count(*) FILTER (WHERE payload_type LIKE '%.TentativaRegistradaEvent'),
        count(*) FILTER (WHERE payload_type LIKE '%.TentativaRegistradaEvent' AND p ->> 'sucesso' = 'true')
      FROM (SELECT payload_type, convert_from(payload, 'UTF8')::jsonb p FROM domain_event_entry
             WHERE payload_type LIKE '%.EntregaIniciadaEvent' OR payload_type LIKE '%.TentativaRegistradaEvent') e
      GROUP BY 1"
  }
  fanout_iniciadas() { # webhook id
    sql -c "SELECT count(*) FROM domain_event_entry WHERE payload_type LIKE '%.EntregaIniciadaEvent'
      AND convert_from(payload, 'UTF8')::jsonb ->> 'webhookId' = '$1'"
  }

  cenario_fanout() {
    local d="$dados/fanout" i j n loja webhook eventos esperadas fim_dreno como soltura="" antes depois laco \
      webhook_backlog taxa_aquecimento cabecalho_fanout r0 s0 p0 m0 t0 r1 s1 p1 m1 t1
    mkdir -p "$d"
    fanout_recurso=$([ "$fanout_evento" = pedido.criado ] && echo pedidos || echo clientes)
    receptor_fanout="http://127.0.0.1:$porta_fanout"
    # Its output goes to a file: on the pipe to tee it would keep tee waiting after the scenario ended.
    nice -n "$fanout_nice" python3 "$raiz/bench/fanout.py" receber "$porta_fanout" "$d/receptor.tsv" "$fanout_atraso" "$fanout_atraso_lento" \
      >>"$d/receptor.log" 2>&1 &
    echo $! >"$dados/fanout-receptor.pid"
    for _ in $(seq 1 50); do
      curl -sf "$receptor_fanout/cpu" >/dev/null 2>&1 && break
      sleep 0.2
    done
    curl -sf "$receptor_fanout/cpu" >/dev/null || { echo "O receptor do fanout não subiu:" >&2; cat "$d/receptor.log" >&2; exit 1; }

    echo "Fanout: $fanout_lojas lojas com $fanout_webhooks webhooks rápidos cada, $fanout_lentos lentos e $fanout_recusados recusados..." >&2
    : >"$d/lojas.tsv"
    : >"$d/endpoints.tsv"
    for i in $(seq 0 $((fanout_lojas - 1))); do
      fanout_loja "fanout-$i" "$i" >>"$d/lojas.tsv"
      eval "token_loja_$i=\$token_fanout"
      for j in $(seq 0 $((fanout_webhooks - 1))); do
        webhook=$(fanout_webhook "$token_fanout" "$receptor_fanout/rapido/$i/$j")
        printf 'rapido\t%s\t/rapido/%s/%s\t%s\n' "$i" "$i" "$j" "$webhook" >>"$d/endpoints.tsv"
      done
    done
    for n in $(seq 0 $((fanout_lentos - 1))); do
      loja=$((n % fanout_lojas))
      eval "token_fanout=\$token_loja_$loja"
      webhook=$(fanout_webhook "$token_fanout" "$receptor_fanout/lento/$loja/$n")
      printf 'lento\t%s\t/lento/%s/%s\t%s\n' "$loja" "$loja" "$n" "$webhook" >>"$d/endpoints.tsv"
    done
    for n in $(seq 0 $((fanout_recusados - 1))); do
      loja=$((n % fanout_lojas))
      eval "token_fanout=\$token_loja_$loja"
      webhook=$(fanout_webhook "$token_fanout" "http://127.0.0.1:$porta_recusada/recusado/$loja/$n")
      printf 'recusado\t%s\t/recusado/%s/%s\t%s\n' "$loja" "$loja" "$n" "$webhook" >>"$d/endpoints.tsv"
    done

    # Warm-up: the window's rate on a store of its own with as many fast webhooks, plus one slow and one refusing
    # endpoint when the window has them (their failure path: the saga, the backoff, the circuit), then its fast
    # deliveries, so nothing of them is left queued. The slow and refusing ones stay, behind the window's.
    if [ "$fanout_aquecimento" -gt 0 ]; then
      echo "Fanout: aquecendo ($fanout_aquecimento s a $fanout_taxa eventos/s, $fanout_webhooks webhooks rápidos)..." >&2
      fanout_loja fanout-aquecimento 0 >"$d/lojas-aquecimento.tsv"
      for j in $(seq 0 $((fanout_webhooks - 1))); do
        fanout_webhook "$token_fanout" "$receptor_fanout/aquecimento/0/$j" >/dev/null
      done
      if [ "$fanout_lentos" -gt 0 ]; then
        fanout_webhook "$token_fanout" "$receptor_fanout/aquecimento-lento/0/0" >/dev/null
      fi
      if [ "$fanout_recusados" -gt 0 ]; then
        fanout_webhook "$token_fanout" "http://127.0.0.1:$porta_recusada/aquecimento/0/0" >/dev/null
      fi
      fanout_carregar "$d/lojas-aquecimento.tsv" "$fanout_taxa" "$fanout_aquecimento" 0 "$d/aquecimento"
      como=$(fanout_esperar aquecimento "$(($(fanout_campo "$d/aquecimento" eventos) * fanout_webhooks))" "$fanout_dreno")
      [ "$como" = nao ] || echo "  Aviso: as entregas do aquecimento não chegaram todas ($como)" >&2
    fi

    if [ "$fanout_backlog" -gt 0 ]; then
      echo "Fanout: backlog de $fanout_backlog entregas para um endpoint retido..." >&2
      fanout_loja fanout-backlog 0 >"$d/lojas-backlog.tsv"
      webhook_backlog=$(fanout_webhook "$token_fanout" "$receptor_fanout/backlog/0/0")
      printf 'backlog\tbacklog\t/backlog/0/0\t%s\n' "$webhook_backlog" >>"$d/endpoints.tsv"
      curl -sf -o /dev/null "$receptor_fanout/segurar?classe=backlog"
      fanout_carregar "$d/lojas-backlog.tsv" 0 0 "$fanout_backlog" "$d/backlog"
      # Every delivery started (queued) before the window: at most $fanout_dreno s.
      for _ in $(seq 1 "$fanout_dreno"); do
        n=$(fanout_iniciadas "$webhook_backlog")
        [ "$n" -ge "$fanout_backlog" ] && break
        sleep 1
      done
      [ "$n" -ge "$fanout_backlog" ] || echo "  Aviso: só $n de $fanout_backlog entregas do backlog iniciadas" >&2
    fi

    echo "Fanout: $fanout_duracao s a $fanout_taxa eventos/s..." >&2
    [ -n "${FANOUT_COMANDOS:-}" ] && sql_bench -c "SELECT pg_stat_statements_reset()" >/dev/null
    curl -sf -o /dev/null "$receptor_fanout/laco?zerar=1"
    antes=$(instantaneo)
    if [ "$fanout_backlog" -gt 0 ]; then
      curl -sf -o /dev/null "$receptor_fanout/soltar?classe=backlog"
      soltura=$(date +%s.%N)
    fi
    fanout_carregar "$d/lojas.tsv" "$fanout_taxa" "$fanout_duracao" 0 "$d/carga"
    depois=$(instantaneo)
    laco=$(curl -sf "$receptor_fanout/laco")
    eventos=$(fanout_campo "$d/carga" eventos)
    esperadas=$((eventos * fanout_webhooks))
    echo "Fanout: esperando as $esperadas entregas rápidas (até $fanout_dreno s)..." >&2
    como=$(fanout_esperar rapido "$esperadas" "$fanout_dreno")
    sleep 2  # a late duplicate
    fim_dreno=$(date +%s.%N)
    ao_fim=$(instantaneo)
    curl -sf -o /dev/null "$receptor_fanout/descarregar"
    fanout_contagem_sql >"$d/servico.tsv" || echo "  Aviso: a contagem no event store falhou" >&2
    cabecalho_fanout="evento=$fanout_evento lojas=$fanout_lojas webhooks_por_loja=$fanout_webhooks atraso_ms=$fanout_atraso"
    cabecalho_fanout="$cabecalho_fanout lentos=$fanout_lentos atraso_lento_ms=$fanout_atraso_lento recusados=$fanout_recusados"
    cabecalho_fanout="$cabecalho_fanout backlog=$fanout_backlog taxa_alvo=$fanout_taxa duracao_s=$fanout_duracao"
    cabecalho_fanout="$cabecalho_fanout aquecimento_s=$fanout_aquecimento dreno_max_s=$fanout_dreno nice=$fanout_nice"
    cabecalho_fanout="$cabecalho_fanout $({ env | grep '^WEBHOOK_' || true; } | sort | tr '\n' ' ')"
    read -r r0 s0 p0 m0 t0 <<<"$antes"
    read -r r1 s1 p1 m1 t1 <<<"$depois"
    read -r r2 s2 p2 m2 t2 <<<"$ao_fim"
    python3 "$raiz/bench/fanout.py" relatorio cabecalho="${cabecalho_fanout% }" carga="$d/carga" \
      receptor="$d/receptor.tsv" endpoints="$d/endpoints.tsv" sql="$d/servico.tsv" fim_dreno="$fim_dreno" \
      dreno_limitado="$como" backlog="$fanout_backlog" soltura="${soltura:-0}" laco="$laco" \
      cpu_receptor_carga="$(awk -v a="$r0" -v b="$r1" 'BEGIN { printf "%.1f", b - a }')" \
      cpu_receptor_total="$(curl -sf "$receptor_fanout/cpu")" \
      cpu_servico_carga="$(awk -v a="$s0" -v b="$s1" 'BEGIN { printf "%.1f", b - a }')" \
      cpu_postgres_carga="$(awk -v a="$p0" -v b="$p1" 'BEGIN { printf "%.1f", b - a }')" \
      cpu_servico_total="$(awk -v a="$s0" -v b="$s2" 'BEGIN { printf "%.1f", b - a }')" \
      cpu_postgres_total="$(awk -v a="$p0" -v b="$p2" 'BEGIN { printf "%.1f", b - a }')" \
      maquina_ocupada_pct="$(awk -v a="$m0" -v b="$m1" -v x="$t0" -v y="$t1" 'BEGIN { printf "%.0f", 100 * (b - a) / (y - x) }')"
    if [ -n "${FANOUT_COMANDOS:-}" ]; then
      # The service's statements from the window's start to the drain's end, the costliest first.
      sql_bench -F $'\t' -c "SELECT calls, round(total_exec_time)::bigint AS ms, left(regexp_replace(query, '\s+', ' ', 'g'), 140)
                               FROM pg_stat_statements WHERE userid = 'loja'::regrole
                              ORDER BY total_exec_time DESC LIMIT 25" | sed 's/^/fanout-sql /'
    fi
    if [ -n "${FANOUT_ARQUIVOS:-}" ]; then mkdir -p "$FANOUT_ARQUIVOS" && cp -r "$d"/. "$FANOUT_ARQUIVOS"/; fi
  }
fi

if quer custos; then
  # Statements the service (role loja) or pgbench (role sql_puro) sent since the last reset, as pg_stat_statements
  # counts them; transactions of the service's database (pg_stat_database, never reset here).
  comandos() { sql_bench -c "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE userid = '$1'::regrole"; }
  transacoes() { sql_bench -c "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '${1:-loja}'"; }
  zerar_comandos() { sql_bench -c "SELECT pg_stat_statements_reset()" >/dev/null; }
  # Entries evicted from pg_stat_statements take their counts with them: the figures would be too low.
  conferir_contagem() {
    local descartes
    descartes=$(sql_bench -c "SELECT dealloc FROM pg_stat_statements_info")
    [ "$descartes" = 0 ] || { echo "pg_stat_statements descartou $descartes entradas: a contagem não vale" >&2; exit 1; }
  }
  # Waits until the service sends fewer than $quieto statements a second (what it sends idle: processors polling,
  # token claims, the scheduler), so that a scenario's count holds neither the previous one's tail nor the setup's.
  aquietar() {
    local antes agora=0 i
    antes=$(comandos loja)
    for i in $(seq 1 60); do
      sleep 1
      agora=$(comandos loja)
      [ $((agora - antes)) -lt "$quieto" ] && return 0
      antes=$agora
    done
    echo "Aviso: o serviço não aquietou em 60 s (ainda $((agora - antes)) comandos/s)" >&2
  }
  custos_lojas="$dados/custos-lojas.txt"
  custos_mapa="$dados/custos-mapa.tsv"
  minimo_pedidos=50   # orders per store before GET /v1/pedidos?limite=50: every page is full
  # wrk's timeout is raised from 2 s so that a slow answer counts in the percentiles instead of as an error.
  carregar_custo() { # modo duracao [base]: prints wrk's RESULTADO line
    CUSTO_MODO="$1" CUSTO_LOJAS="$custos_lojas" wrk -t"$threads" -c"$conexoes_custos" -d"$2" --timeout 30s \
      -s "$raiz/bench/custos.lua" "${3:-$base}" | grep '^RESULTADO'
  }
  completar_pedidos() { # [base]
    local criados
    criados=$(python3 "$raiz/bench/custos.py" completar "${1:-$base}" "$custos_lojas" "$minimo_pedidos")
    [ "$criados" = 0 ] || echo "  $criados pedidos criados em ${1:-$base} para que cada loja liste ao menos $minimo_pedidos" >&2
  }
  base_convencional="http://localhost:$porta_convencional"
  sql_convencional() { "$pg_bin/psql" -X -q -At -v ON_ERROR_STOP=1 -h localhost -p "$porta_pg" -U convencional -d convencional "$@"; }

  echo "Custos: criando $lojas_custos lojas, cada uma com um token e $produtos_por_loja produtos..." >&2
  python3 "$raiz/bench/custos.py" preparar "$base" "$admin" "$lojas_custos" "$produtos_por_loja" \
    "$custos_lojas" "$custos_mapa"
  # The conventional service gets the same stores, token hashes and products, read through the service's API, and
  # must answer the three requests with the service's JSON shapes before anything is measured.
  echo "Iniciando a base convencional na porta $porta_convencional..." >&2
  SERVER_PORT="$porta_convencional" DATABASE_URL="jdbc:postgresql://localhost:$porta_pg/convencional" \
    DATABASE_USER=convencional RATE_LIMIT_PER_MINUTE=1000000000 RATE_LIMIT_WRITES_PER_MINUTE=1000000000 \
    java ${JAVA_OPCOES:-} -jar "$jar_convencional" >"$dados/convencional.log" 2>&1 &
  echo $! >"$dados/convencional.pid"
  for _ in $(seq 1 120); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$base_convencional/v1/pedidos")" = 401 ] && break
    vivo "$(cat "$dados/convencional.pid")" || { echo "A base convencional não subiu:" >&2; tail -30 "$dados/convencional.log" >&2; exit 1; }
    sleep 1
  done
  python3 "$raiz/bench/convencional/semear.py" sql "$base" "$admin" "$custos_lojas" | sql_convencional
  python3 "$raiz/bench/convencional/semear.py" conferir "$base" "$base_convencional" "$custos_lojas"
  echo "Aquecendo custos ($aquecimento_custos por cenário e serviço: $custos)..." >&2
  for c in $custos; do
    [ "$c" = lista ] && { completar_pedidos; completar_pedidos "$base_convencional"; }
    carregar_custo "$c" "$aquecimento_custos" >/dev/null
    carregar_custo "$c" "$aquecimento_custos" "$base_convencional" >/dev/null
  done
  # The plain-SQL tables, filled from what the service holds now (the order scenario's event payloads are copies
  # of the warm-up's events).
  sql -v pedidos="$(custo_quer pedido && echo true || echo false)" -f "$raiz/bench/sql-puro/esquema.sql" <"$custos_mapa"

  # One costed scenario: the API for $duracao with wrk, its statement count, then pgbench on the plain-SQL script
  # for as long with as many connections. Prints one line; any error response or failed transaction stops the run.
  cenario_custo() { # modo
    local modo=$1 detalhe resultado requisicoes erros erros_conexao rps p50 p90 p99 t0 t1 c_api x0 x1 saida_pgbench transacoes_sql tps \
      falhas latencia c_sql conv c_conv xc0 xc1 conv_req conv_rps conv_p50 conv_p99 s0 s1 g0 g1 cs0 cs1 cg0 cg1
    [ "$modo" = lista ] && { completar_pedidos; sql -f "$raiz/bench/sql-puro/pedidos-da-api.sql"; }
    echo "Custo de $modo: API ($duracao, $conexoes_custos conexões)..." >&2
    aquietar
    x0=$(transacoes)
    zerar_comandos
    t0=$(date +%s.%N)
    s0=$(cpu_de "$pid"); g0=$(cpu_postgres)
    resultado=$(carregar_custo "$modo" "$duracao")
    s1=$(cpu_de "$pid"); g1=$(cpu_postgres)
    aquietar
    c_api=$(comandos loja)
    t1=$(date +%s.%N)
    x1=$(transacoes)
    conferir_contagem
    campo() { echo "$resultado" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
    requisicoes=$(campo requisicoes) erros=$(campo erros_status) erros_conexao=$(campo erros_conexao)
    rps=$(campo rps) p50=$(campo p50_ms) p90=$(campo p90_ms) p99=$(campo p99_ms)
    [ "${requisicoes:-0}" -gt 0 ] || { echo "custo-$modo: nenhuma requisição respondida ($resultado)" >&2; exit 1; }
    if [ "$erros" != 0 ] || [ "$erros_conexao" != 0 ]; then
      echo "custo-$modo: $erros respostas de erro e $erros_conexao erros de conexão/timeout em $requisicoes requisições" >&2
      exit 1
    fi
    # Where the count comes from: the service's statements most called, per request, with their execution time in
    # microseconds per request (in the result file only).
    detalhe=$(sql_bench -F' ' -c "SELECT 'comandos-$modo', to_char(calls::numeric / $requisicoes, 'FM9990.00'),
        'us=' || to_char(total_exec_time::numeric * 1000 / $requisicoes, 'FM99990'),
        left(regexp_replace(query, '\s+', ' ', 'g'), 160) FROM pg_stat_statements
       WHERE userid = 'loja'::regrole ORDER BY calls DESC LIMIT 30")
    # The conventional service, for as long with as many connections (its database is its own, so its
    # transactions are counted exactly).
    [ "$modo" = lista ] && completar_pedidos "$base_convencional"
    echo "Custo de $modo: convencional ($duracao, $conexoes_custos conexões)..." >&2
    zerar_comandos
    xc0=$(transacoes convencional)
    cs0=$(cpu_de "$(cat "$dados/convencional.pid")"); cg0=$(cpu_postgres)
    conv=$(carregar_custo "$modo" "$duracao" "$base_convencional")
    cs1=$(cpu_de "$(cat "$dados/convencional.pid")"); cg1=$(cpu_postgres)
    c_conv=$(comandos convencional)
    xc1=$(transacoes convencional)
    conferir_contagem
    campo_conv() { echo "$conv" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
    conv_req=$(campo_conv requisicoes) conv_rps=$(campo_conv rps) conv_p50=$(campo_conv p50_ms) conv_p99=$(campo_conv p99_ms)
    [ "${conv_req:-0}" -gt 0 ] || { echo "custo-$modo: o convencional não respondeu ($conv)" >&2; exit 1; }
    if [ "$(campo_conv erros_status)" != 0 ] || [ "$(campo_conv erros_conexao)" != 0 ]; then
      echo "custo-$modo: o convencional deu erros ($conv); fim do seu log:" >&2; tail -20 "$dados/convencional.log" >&2; exit 1
    fi
    echo "Custo de $modo: SQL puro (pgbench, $segundos_custos s)..." >&2
    zerar_comandos
    saida_pgbench=$(cd "$raiz/bench/sql-puro" && "$pg_bin/pgbench" -h localhost -p "$porta_pg" -U sql_puro -d loja \
      -n -M prepared -c "$conexoes_custos" -j "$threads" -T "$segundos_custos" \
      -D lojas="$lojas_custos" -D produtos="$produtos_por_loja" -f "$modo.sql" 2>&1) \
      || { echo "pgbench falhou em $modo.sql:" >&2; echo "$saida_pgbench" | tail -20 >&2; exit 1; }
    c_sql=$(comandos sql_puro)
    conferir_contagem
    transacoes_sql=$(echo "$saida_pgbench" | sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p')
    falhas=$(echo "$saida_pgbench" | sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p')
    latencia=$(echo "$saida_pgbench" | sed -n 's/^latency average = \([0-9.]*\) ms$/\1/p')
    tps=$(echo "$saida_pgbench" | sed -n 's/^tps = \([0-9.]*\) (without initial connection time)$/\1/p')
    if [ -z "$tps" ] || [ "${transacoes_sql:-0}" = 0 ] || [ "${falhas:-0}" != 0 ]; then
      echo "pgbench em $modo.sql: $transacoes_sql transações, $falhas falhas:" >&2; echo "$saida_pgbench" >&2; exit 1
    fi
    awk -v m="$modo" -v c="$conexoes_custos" -v r="$requisicoes" -v rps="$rps" -v p50="$p50" -v p90="$p90" \
      -v p99="$p99" -v n="$c_api" -v x=$((x1 - x0)) -v s="$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" \
      -v f="$fundo" -v tx="$transacoes_sql" -v tps="$tps" -v lat="$latencia" -v ns="$c_sql" \
      -v cr="$conv_req" -v crps="$conv_rps" -v cp50="$conv_p50" -v cp99="$conv_p99" -v cn="$c_conv" -v cx=$((xc1 - xc0)) \
      -v sv="$(awk -v a="$s0" -v b="$s1" 'BEGIN { print b - a }')" -v pg="$(awk -v a="$g0" -v b="$g1" 'BEGIN { print b - a }')" \
      -v csv="$(awk -v a="$cs0" -v b="$cs1" 'BEGIN { print b - a }')" -v cpg="$(awk -v a="$cg0" -v b="$cg1" 'BEGIN { print b - a }')" 'BEGIN {
        printf "custo-%s conexoes=%d api_requisicoes=%d api_rps=%.1f api_p50_ms=%.2f api_p90_ms=%.2f api_p99_ms=%.2f", m, c, r, rps, p50, p90, p99
        printf " comandos=%d comandos_por_req=%.1f fundo_por_req=%.2f transacoes_por_req=%.2f janela_s=%.1f", n, n / r, f * s / r, x / r, s
        printf " conv_requisicoes=%d conv_rps=%.1f conv_p50_ms=%.2f conv_p99_ms=%.2f conv_comandos_por_req=%.1f conv_transacoes_por_req=%.2f", cr, crps, cp50, cp99, cn / cr, cx / cr
        printf " sql_transacoes=%d sql_tps=%.1f sql_latencia_ms=%.2f sql_comandos_por_tx=%.1f razao_pct=%.2f", tx, tps, lat, ns / tx, 100 * rps / tps
        printf " razao_conv=%.2f conv_razao_pct=%.2f", rps / crps, 100 * crps / tps
        printf " api_cpu_ms_por_req=%.2f api_pg_cpu_ms_por_req=%.2f conv_cpu_ms_por_req=%.2f conv_pg_cpu_ms_por_req=%.2f\n", 1000 * sv / r, 1000 * pg / r, 1000 * csv / cr, 1000 * cpg / cr }'
    echo "$detalhe"
  }
  # What the service sends idle, per second: part of every scenario's count, shown apart.
  medir_fundo() {
    local a b
    aquietar
    a=$(comandos loja)
    sleep 10
    b=$(comandos loja)
    fundo=$(awk -v n=$((b - a)) 'BEGIN { printf "%.1f", n / 10 }')
    echo "custos-fundo comandos_s=$fundo lojas=$lojas_custos produtos_por_loja=$produtos_por_loja"
  }
fi

if quer historico; then
  # Copies in SQL the rows of table $1 that match $2 (a condition) $3 times over (g from 1 to $3): each copy's columns
  # are its row's, but for those that $4 gives ("WHEN 'coluna' THEN 'expressão em g'" entries of a CASE). The
  # table's notification trigger is off meanwhile (no reader waits on these rows); every other trigger of the table
  # runs, as it would for writes of the service.
  copiar_linhas() {
    sql <<SQL
ALTER TABLE $1 DISABLE TRIGGER ${1}_notifica;
DO \$\$
DECLARE cols text; sel text;
BEGIN
  SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position),
         string_agg(CASE column_name $4 ELSE quote_ident(column_name) END, ', ' ORDER BY ordinal_position)
    INTO cols, sel FROM information_schema.columns
   WHERE table_schema = current_schema() AND table_name = '$1';
  EXECUTE format('INSERT INTO $1 (%s) SELECT %s FROM $1 CROSS JOIN generate_series(1, %s) g WHERE %s',
                 cols, sel, $3, \$c\$$2\$c\$);
END \$\$;
ALTER TABLE $1 ENABLE TRIGGER ${1}_notifica;
VACUUM ANALYZE $1;
SQL
  }

  # The store's one order copied: new ids and numbers, one every 30 s back from now, statuses 3 in 5 delivered, 1
  # cancelled, 1 pending. Its one product and one customer too: new ids, names, SKUs and documents, one in seven
  # products unavailable.
  cenario_historico() {
    local token pedido loja url ontem etag
    echo "Histórico: uma loja com $historico_pedidos pedidos..." >&2
    token=$(criar_loja historico)
    local produto
    produto=$(curl -sf -X POST "$base/v1/produtos" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
                -d '{"nome":"Marmita","preco":25}' | json id)
    pedido=$(curl -sf -X POST "$base/v1/pedidos" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
               -d "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Lia\"},\"itens\":[{\"produtoId\":\"$produto\",\"quantidade\":1}]}" | json id)
    curl -sf -X POST "$base/v1/clientes" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
      -d '{"nome":"Lia Souza","documento":"52998224725"}' >/dev/null
    loja=$(sql -c "SELECT loja_id FROM pedido_view WHERE id = '$pedido'")
    local inicio=$SECONDS
    copiar_linhas pedido_view "id = '$pedido'" $((historico_pedidos - 1)) "
      WHEN 'id' THEN 'gen_random_uuid()::text'
      WHEN 'numero' THEN 'numero + g'
      WHEN 'status' THEN '(ARRAY[''ENTREGUE'', ''ENTREGUE'', ''ENTREGUE'', ''CANCELADO'', ''PENDENTE''])[1 + g % 5]'
      WHEN 'criado_em' THEN 'criado_em - g * interval ''30 seconds'''
      WHEN 'atualizado_em' THEN 'criado_em - g * interval ''30 seconds'''"
    echo "historico-carga pedidos=$(sql -c "SELECT count(*) FROM pedido_view WHERE loja_id = '$loja'") segundos=$((SECONDS - inicio))"
    inicio=$SECONDS
    copiar_linhas produto_view "id = '$produto'" $((historico_produtos - 1)) "
      WHEN 'id' THEN 'gen_random_uuid()::text'
      WHEN 'nome' THEN '''Produto '' || g'
      WHEN 'sku' THEN '''SKU'' || g'
      WHEN 'cod_integracao' THEN 'NULL'
      WHEN 'disponivel' THEN 'g % 7 <> 0'"
    copiar_linhas cliente_view "loja_id = '$loja'" $((historico_clientes - 1)) "
      WHEN 'id' THEN 'gen_random_uuid()::text'
      WHEN 'nome' THEN '''Cliente '' || md5(g::text)'
      WHEN 'documento' THEN 'lpad(g::text, 11, ''0'')'"
    echo "historico-carga produtos=$(sql -c "SELECT count(*) FROM produto_view WHERE loja_id = '$loja'") clientes=$(sql -c "SELECT count(*) FROM cliente_view WHERE loja_id = '$loja'") segundos=$((SECONDS - inicio))"
    url="$base/v1/pedidos?limite=50"
    ontem=$(date -u -d '1 day ago' +%Y-%m-%dT%H:%M:%SZ)
    echo "Aquecendo histórico ($aquecimento_custos)..." >&2
    duracao="$aquecimento_custos" cenario historico-aquecimento "$conexoes_custos" "$threads" GET "$url" "$token" >/dev/null
    cenario historico-pagina "$conexoes_custos" "$threads" GET "$url" "$token"
    cenario historico-status "$conexoes_custos" "$threads" GET "$url&status=ENTREGUE" "$token"
    cenario historico-desde "$conexoes_custos" "$threads" GET "$url&desde=$ontem" "$token"
    etag=$(etag_revalidada "$url" "$token")
    BENCH_IF_NONE_MATCH="$etag" cenario historico-revalidada "$conexoes_custos" "$threads" GET "$url" "$token"
    duracao=10s cenario historico-aquecimento "$conexoes_custos" "$threads" GET "$base/v1/produtos?limite=50" "$token" >/dev/null
    cenario historico-produtos "$conexoes_custos" "$threads" GET "$base/v1/produtos?limite=50" "$token"
    cenario historico-disponiveis "$conexoes_custos" "$threads" GET "$base/v1/produtos?limite=50&apenasDisponiveis=true" "$token"
    duracao=10s cenario historico-aquecimento "$conexoes_custos" "$threads" GET "$base/v1/clientes?limite=50" "$token" >/dev/null
    cenario historico-clientes "$conexoes_custos" "$threads" GET "$base/v1/clientes?limite=50" "$token"
  }
fi

if quer partida; then
  partida_lojas="$dados/partida-lojas.txt"
  partida_janelas="${PARTIDA_JANELAS:-12}"
  [ "$partida_janelas" -ge 4 ] || { echo "PARTIDA_JANELAS: pelo menos 4 (as três últimas dão o ritmo assentado)" >&2; exit 1; }
  echo "Partida: criando $lojas_custos lojas, cada uma com um token e $produtos_por_loja produtos..." >&2
  python3 "$raiz/bench/custos.py" preparar "$base" "$admin" "$lojas_custos" "$produtos_por_loja" \
    "$partida_lojas" "$dados/partida-mapa.tsv"
  # The service stopped and started again, then orders from its first ready answer in windows of 10 s; prints one
  # line per window and a summary line. Any error response stops the run.
  cenario_partida() {
    local pronto_ns i resultado requisicoes erros erros_conexao rps p99 rss
    echo "Partida: parando o serviço e iniciando-o de novo; pedidos desde a primeira resposta ($partida_janelas janelas de 10 s)..." >&2
    encerrar "$pid"
    subir_servico
    until curl -sf -o /dev/null "$base/actuator/health/readiness"; do
      vivo "$pid" || { echo "O serviço não subiu de novo:" >&2; tail -50 "$log" >&2; exit 1; }
      sleep 0.1
    done
    pronto_ns=$(date +%s%N)
    for i in $(seq 1 "$partida_janelas"); do
      resultado=$(CUSTO_MODO=pedido CUSTO_LOJAS="$partida_lojas" wrk -t"$threads" -c"$conexoes_custos" -d10s \
                    --timeout 30s -s "$raiz/bench/custos.lua" "$base" | grep '^RESULTADO')
      rss=$(ps -o rss= -p "$pid" | tr -d ' ')
      campo() { echo "$resultado" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
      requisicoes=$(campo requisicoes) erros=$(campo erros_status) erros_conexao=$(campo erros_conexao)
      rps=$(campo rps) p99=$(campo p99_ms)
      if [ "${requisicoes:-0}" = 0 ] || [ "$erros" != 0 ] || [ "$erros_conexao" != 0 ]; then
        echo "partida, janela $i: $resultado" >&2; exit 1
      fi
      echo "$i $rps $p99 $rss"
    done >"$dados/partida.tsv"
    awk -v pronto="$(awk -v a="$partida_ns" -v b="$pronto_ns" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')" \
        -v c="$conexoes_custos" -v l="$lojas_custos" '
      { n = $1; rps[n] = $2; p99[n] = $3; rss[n] = $4 / 1024 }
      END {
        a = rps[n - 2]; b = rps[n - 1]; d = rps[n]  # the median of the last three
        assentado = (a > b) ? ((b > d) ? b : ((a > d) ? d : a)) : ((a > d) ? a : ((b > d) ? d : b))
        minima = 1e18; maximo = 0
        for (i = 1; i <= n; i++) {
          printf "partida-janela n=%d inicio_s=%d rps=%.1f p99_ms=%.1f rss_mb=%.0f pct_do_assentado=%.0f\n", i, 10 * (i - 1), rps[i], p99[i], rss[i], 100 * rps[i] / assentado
          if (i >= 2 && rps[i] < minima) minima = rps[i]
          if (rss[i] > maximo) maximo = rss[i]
        }
        printf "partida pronto_s=%s janelas=%d conexoes=%d lojas=%d assentado_rps=%.1f primeira_pct=%.0f segunda_pct=%.0f minima_desde_a_segunda_pct=%.0f rss_max_mb=%.0f\n", pronto, n, c, l, assentado, 100 * rps[1] / assentado, 100 * rps[2] / assentado, 100 * minima / assentado, maximo
      }' "$dados/partida.tsv"
  }
fi

carimbo="$(date -u +%Y%m%dT%H%M%SZ)"
saida="$resultados/$carimbo$(quer reconstrucao && echo -reconstrucao || true)$(quer sincronia && echo -sincronia || true)$(quer fanout && echo -fanout || true)$(quer partida && echo -partida || true)$(quer varreduras && echo -varreduras || true)$(quer historico && echo -historico || true).txt"
mkdir -p "$resultados"
{
  cabecalho="# $carimbo $(nproc) núcleos, $(free -g | awk '/Mem:/{print $2}') GiB"
  if quer api || quer webhooks || quer custos; then cabecalho="$cabecalho; duração $duracao por cenário"; fi
  quer custos && cabecalho="$cabecalho; custos: $lojas_custos lojas com um token cada e $produtos_por_loja produtos com controle de estoque, $conexoes_custos conexões na API e no pgbench, aquecimento de $aquecimento_custos por cenário"
  quer api && cabecalho="$cabecalho; $produtos produtos com 2 variações no catálogo lido"
  quer reconstrucao && cabecalho="$cabecalho; reconstrução de pedido-view sobre ≥$eventos_reconstrucao eventos de pedido (cópias de 4 pedidos criados pela API)"
  quer sincronia && cabecalho="$cabecalho; sincronia entre 2 nós, $escritas_sincronia escritas por rodada"
  quer fanout && cabecalho="$cabecalho; fanout de $fanout_evento (parâmetros na linha fanout)"
  quer varreduras && cabecalho="$cabecalho; varreduras: a loja do quickstart e cópias dela para $lojas_ruido lojas"
  quer historico && cabecalho="$cabecalho; historico: uma loja com $historico_pedidos pedidos, $historico_produtos produtos e $historico_clientes clientes, $conexoes_custos conexões, aquecimento de $aquecimento_custos"
  quer partida && cabecalho="$cabecalho; partida a frio sob POST /v1/pedidos: $lojas_custos lojas, $conexoes_custos conexões, $partida_janelas janelas de 10 s${JAVA_OPCOES:+, JAVA_OPCOES=$JAVA_OPCOES}"
  quer webhooks && cabecalho="$cabecalho; webhooks de $evento_webhook com WEBHOOK_THREADS=${WEBHOOK_THREADS:-16} para um receptor local (python ThreadingHTTPServer)"
  echo "$cabecalho; PostgreSQL $(sql_bench -c 'SHOW server_version' | cut -d' ' -f1) descartável com pg_stat_statements; load average antes de subir o serviço: $carga_inicial"
  if quer custos; then
    medir_fundo
    for c in $custos; do cenario_custo "$c"; done
  fi
  if quer api; then
    cenario post-serial 1 1 POST "$base/v1/categorias" "$token_escrita"
    cenario post "$conexoes" "$threads" POST "$base/v1/categorias" "$token_escrita"
    cenario get-lista "$conexoes" "$threads" GET "$base/v1/categorias" "$token_leitura"
    cenario get-uma "$conexoes" "$threads" GET "$base/v1/categorias/$uma" "$token_leitura"
    cenario post-produto-serial 1 1 POST "$base/v1/produtos" "$token_produtos" "$categoria_produtos"
    cenario post-produto "$conexoes" "$threads" POST "$base/v1/produtos" "$token_produtos" "$categoria_produtos"
    cenario get-produtos-100 "$conexoes" "$threads" GET "$base/v1/produtos?limite=100&page=3" "$token_catalogo"
    # The same page revalidated by a poller that holds its ETag: 304 without a body (nothing changes meanwhile).
    etag_pagina=$(etag_revalidada "$base/v1/produtos?limite=100&page=3" "$token_catalogo")
    BENCH_IF_NONE_MATCH="$etag_pagina" cenario get-produtos-100-304 "$conexoes" "$threads" GET "$base/v1/produtos?limite=100&page=3" "$token_catalogo"
    cenario get-produtos-busca "$conexoes" "$threads" GET "$base/v1/produtos?limite=100&busca=caf%C3%A9" "$token_catalogo"
    cenario post-pedido-serial 1 1 POST "$base/v1/pedidos" "$token_pedidos" "" "$corpo_pedido"
    cenario post-pedido "$conexoes" "$threads" POST "$base/v1/pedidos" "$token_pedidos" "" "$corpo_pedido"
    cenario post-pedido-serial-depois 1 1 POST "$base/v1/pedidos" "$token_pedidos" "" "$corpo_pedido"
    cenario get-pedidos-50 "$conexoes" "$threads" GET "$base/v1/pedidos?limite=50" "$token_pedidos"
  fi
  if quer webhooks; then
    # The warm-up's lines are dropped. serial: the latency with no queue; then as many events as $conexoes
    # connections create, delivered as they come; rajada: a backlog delivered at once (the sending capacity).
    echo "Aquecendo webhooks ($aquecimento_webhooks)..." >&2
    cenario_webhook -aquecimento "$conexoes" "$threads" "$aquecimento_webhooks" >/dev/null
    cenario_webhook -serial 1 1 "$duracao"
    cenario_webhook "" "$conexoes" "$threads" "$duracao"
    cenario_webhook -rajada "$conexoes" "$threads" "$rajada" segurar
  fi
  if quer reconstrucao; then cenario_reconstrucao; fi
  if quer sincronia; then cenario_sincronia; fi
  if quer fanout; then cenario_fanout; fi
  if quer varreduras; then
    echo "Varreduras: o quickstart, cópias para $lojas_ruido lojas, cada rota GET..." >&2
    python3 "$raiz/bench/varreduras.py" "$base" "$admin" "$raiz/docs/quickstart.sh" "$pg_raiz/servidor.log" \
      "$lojas_ruido" -- "$pg_bin/psql" -X -q -At -v ON_ERROR_STOP=1 -h localhost -p "$porta_pg" -U postgres -d loja
  fi
  if quer historico; then cenario_historico; fi
  # Last: it restarts the service.
  if quer partida; then cenario_partida; fi
} | tee "$saida.tmp"
# A run that failed leaves only $saida.tmp (ignored by git), for a look at how far it got.
mv "$saida.tmp" "$saida"

{
  if grep -q '^custo-' "$saida"; then
    echo "Custos: a API, logo depois o mesmo trabalho no serviço convencional (bench/convencional/: Spring MVC, JdbcTemplate, HikariCP, sem event sourcing) e em SQL puro (pgbench, bench/sql-puro/), no mesmo servidor, com as mesmas conexões e duração. ÷ conv. = req/s da API ÷ req/s do convencional; razão = req/s da API ÷ transações/s do SQL; conv. ÷ SQL = req/s do convencional ÷ transações/s do SQL. comandos/req = comandos enviados (pg_stat_statements, papel loja ou convencional: BEGIN incluído; COMMIT, já preparado pelo driver, não é contado) ÷ requisições respondidas; fundo = a parte que o serviço envia parado ($(sed -n 's/^custos-fundo comandos_s=\([0-9.]*\).*/\1/p' "$saida") comandos/s); transações/req dá os COMMITs (o convencional tem um banco só seu). CPU ms/req = segundos de CPU (usuário + sistema) do processo do serviço e do PostgreSQL durante a carga, por requisição respondida: o que cada lado gasta, menos sensível que req/s ao resto da máquina."
    echo
    echo "| cenário | conexões | API req/s | API p50 ms | API p99 ms | convencional req/s | conv. p99 ms | SQL puro tx/s | ÷ conv. | razão | conv. ÷ SQL | comandos/req | fundo/req | transações/req | conv. comandos/req | conv. transações/req | comandos/tx SQL | API CPU ms/req (serviço + PG) | conv. CPU ms/req (serviço + PG) |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    grep '^custo-' "$saida" | awk '{ delete v; for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s%% | %s%% | %s | %s | %s | %s | %s | %s | %s + %s | %s + %s |\n", $1, v["conexoes"], v["api_rps"], v["api_p50_ms"], v["api_p99_ms"],
        v["conv_rps"], v["conv_p99_ms"], v["sql_tps"], v["razao_conv"], v["razao_pct"], v["conv_razao_pct"], v["comandos_por_req"], v["fundo_por_req"],
        v["transacoes_por_req"], v["conv_comandos_por_req"], v["conv_transacoes_por_req"], v["sql_comandos_por_tx"],
        v["api_cpu_ms_por_req"], v["api_pg_cpu_ms_por_req"], v["conv_cpu_ms_por_req"], v["conv_pg_cpu_ms_por_req"] }'
    echo
  fi
  if grep -q ' requisicoes=' "$saida"; then
    echo "| cenário | conexões | req/s | p50 ms | p90 ms | p99 ms | erros |"
    echo "|---|---|---|---|---|---|---|"
    grep ' requisicoes=' "$saida" | sed -E 's/^([^ ]+) conexoes=([0-9]+) requisicoes=[0-9]+ erros_status=([0-9]+) rps=([0-9.]+) p50_ms=([0-9.]+) p90_ms=([0-9.]+) p99_ms=([0-9.]+)/| \1 | \2 | \4 | \5 | \6 | \7 | \3 |/'
    echo
  fi
  if grep -v '^fanout' "$saida" | grep -q ' entregas='; then
    echo "Webhooks: latência = chegada ao receptor − criadoEm do evento; entregas/s = entregas ÷ (última − primeira chegada); na carga = chegadas durante o wrk ÷ duração; dreno = última chegada − fim do wrk. Na rajada o receptor segura as respostas durante o wrk e depois solta: entregas/s e dreno contam a partir da soltura, e a latência inclui a espera."
    echo
    echo "| webhook | conexões | eventos | entregas | faltando | duplicadas | retentativas | eventos/s | entregas/s | entregas/s na carga | dreno s | p50 ms | p95 ms | p99 ms | máx ms |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    grep -v '^fanout' "$saida" | grep ' entregas=' | awk '{ printf "| %s", $1; for (i = 2; i <= NF; i++) { sub(/^[^=]*=/, "", $i); printf " | %s", $i }; print " |" }'
    echo
  fi
  if grep -q ' eventos_s=' "$saida"; then
    echo "Reconstrução: preenchimento = cópia dos eventos em SQL (uma transação); alcance = do commit do preenchimento até o processador ao vivo voltar à cabeça (todos os processadores alcançam juntos); reconstrução = do POST do replay até reconstrucao.estado concluida (relógio do bench) e, ao lado, os números do próprio serviço."
    echo
    echo "| medida | eventos | s | eventos/s | eventos/s na 2ª metade | serviço: eventos | serviço: s | serviço: eventos/s | carga 1 min |"
    echo "|---|---|---|---|---|---|---|---|---|"
    linhas_da_tabela ' eventos_s=' '' eventos s eventos_s eventos_s_2a_metade servico_eventos servico_s servico_eventos_s carga1
    grep '^pedido-view' "$saida"
    echo
  fi
  if grep -q '^sincronia-' "$saida"; then
    echo "Sincronia entre nós: escrita num nó, um a uma (produto criado, produto alterado, pedido criado, cliente criado); leitura da sincronia com cursor no outro nó até listar a alteração na sua versao. Atraso = da resposta da escrita até a página que a lista. carga = threads criando produtos sem parar no nó da escrita, na mesma loja."
    echo
    echo "| recurso | carga | escritas | p50 ms | p90 ms | p99 ms | máx ms |"
    echo "|---|---|---|---|---|---|---|"
    linhas_da_tabela '^sincronia-' sincronia- carga escritas p50_ms p90_ms p99_ms max_ms
    echo
  fi
  if grep -q '^fanout' "$saida"; then
    echo "Fan-out de webhooks: atraso = da resposta da escrita (201) até a chegada da sua entrega a cada endpoint rápido; nos percentis atraso_*, uma entrega que faltou conta como mais tarde que todas (\"faltou\"); chegadas_* só contam as que chegaram. entregas_s_janela = entregas rápidas que chegaram durante a carga ÷ a sua duração; fatias_10s, o mesmo a cada 10 s; fanout-atraso-por-fatia, os percentis do atraso das escritas respondidas em cada 10 s da carga. lentos/recusados/backlog: iniciadas e tentativas contadas no event store do serviço. CPU em segundos durante a carga."
    echo
    echo '```'
    grep '^fanout' "$saida"
    echo '```'
    echo
  fi
  if grep -q '^partida' "$saida"; then
    echo "Partida a frio: o serviço parado e iniciado de novo (o banco continua quente), e POST /v1/pedidos desde a sua primeira resposta pronta, em janelas de 10 s. Assentado = a mediana das três últimas janelas; RSS do processo do serviço ao fim de cada janela."
    echo
    echo '```'
    grep '^partida' "$saida"
    echo '```'
    echo
  fi
  head -1 "$saida"
} > "$resultados/latest.md"
cat "$resultados/latest.md"
if quer webhooks && [ -n "${ENTREGAS:-}" ]; then cp "$entregas" "$ENTREGAS"; fi
