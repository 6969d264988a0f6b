#!/usr/bin/env bash
# Regenerates docs/etiquetas/etiqueta-10x15.png, the sample store label, from the current renderer.
# Extra arguments go to Maven (e.g. -o to build offline). PDFBox draws the PDF's standard Helvetica with a system
# font: install fonts-liberation (metric-compatible with Helvetica) or the bold type renders as regular.
set -euo pipefail
cd "$(dirname "$0")/../.."
classpath=$(mktemp)
trap 'rm -f "$classpath"' EXIT
# Every module of the reactor writes the file; query-side comes last, so its classpath is the one left.
mvn -q -B -pl query-side -am test-compile dependency:build-classpath -DskipTests \
    -Dmdep.outputFile="$classpath" "$@"
java -Djava.awt.headless=true \
    -cp "$(cat "$classpath"):query-side/target/classes:query-side/target/test-classes" \
    br.com.lojaapi.query.rotulo.ExemploDeEtiqueta docs/etiquetas/etiqueta-10x15.png
