#!/usr/bin/env bash
# A node started cold from JDK 25's ahead-of-time cache, measured the way CENARIOS=partida measures the default JVM
# (decision 091): the jar extracted (classes read from jars nested in the jar are not cached), a training run that is
# the partida scenario itself in recording mode (the restarted JVM serves the order load for PARTIDA_TREINO_JANELAS
# windows of 10 s and writes its record as it stops), the cache made from that record, then the measured cold
# start from the cache. Both runs are bench/run.sh runs, with a result file each in bench/results/. It builds
# nothing: run `mvn -q -DskipTests package` first.
#
#   bash bench/partida-aot.sh                                   # JDK 25 where the project's machines have it
#   JAVA_25=/opt/jdk-25/bin PARTIDA_JANELAS=30 bash bench/partida-aot.sh
#
# JAVA_25: the bin directory of a JDK 25 or later. PARTIDA_TREINO_JANELAS: the training's windows (12). JAR: the jar
# that is extracted (both runs start its extracted form). PARTIDA_JANELAS and JAVA_OPCOES apply to the measured run
# alone; bench/run.sh's other settings (PORTA, LOJAS, CONEXOES...) to both.
set -euo pipefail
raiz=$(cd "$(dirname "$0")/.." && pwd)
j25=${JAVA_25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin}
[ -x "$j25/java" ] || { echo "Sem JDK 25 em $j25 (JAVA_25: o diretório bin de um JDK 25 ou mais novo)" >&2; exit 1; }
versao=$("$j25/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
[ "${versao:-0}" -ge 25 ] 2>/dev/null || { echo "$j25/java é o Java $versao; o cache precisa do 25 ou mais novo" >&2; exit 1; }
jar=${JAR:-$raiz/api-gateway/target/store-api.jar}
[ -f "$jar" ] || { echo "Sem $jar: rode mvn -q -DskipTests package antes" >&2; exit 1; }

trabalho=$(mktemp -d "${TMPDIR:-/tmp}/partida-aot-XXXXXX")
trap 'rm -rf "$trabalho"' EXIT
"$j25/java" -Djarmode=tools -jar "$jar" extract --destination "$trabalho/app" >/dev/null
extraido="$trabalho/app/$(basename "$jar")"

echo "Treino: CENARIOS=partida gravando o que a JVM carrega e perfila (${PARTIDA_TREINO_JANELAS:-12} janelas)..." >&2
PATH="$j25:$PATH" JAR="$extraido" CENARIOS=partida PARTIDA_JANELAS="${PARTIDA_TREINO_JANELAS:-12}" \
  JAVA_OPCOES="-XX:AOTMode=record -XX:AOTConfiguration=$trabalho/app.aotconf" bash "$raiz/bench/run.sh" >/dev/null
[ -s "$trabalho/app.aotconf" ] || { echo "O treino não deixou o registro $trabalho/app.aotconf" >&2; exit 1; }

echo "Criando o cache a partir do treino..." >&2
(cd "$trabalho/app" && "$j25/java" -XX:AOTMode=create -XX:AOTConfiguration="$trabalho/app.aotconf" \
  -XX:AOTCache="$trabalho/app.aot" -jar "$extraido" >"$trabalho/criacao.log" 2>&1) \
  || { echo "A criação do cache falhou:" >&2; tail -20 "$trabalho/criacao.log" >&2; exit 1; }

echo "Medida: partida a frio a partir do cache..." >&2
# -XX:AOTMode=on: a cache the JVM refuses stops the run instead of measuring a start without it.
PATH="$j25:$PATH" JAR="$extraido" CENARIOS=partida \
  JAVA_OPCOES="-XX:AOTMode=on -XX:AOTCache=$trabalho/app.aot${JAVA_OPCOES:+ $JAVA_OPCOES}" bash "$raiz/bench/run.sh"
