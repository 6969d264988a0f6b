#!/usr/bin/env bash
# Entry point of postgres-standby in docker-compose.yml. On an empty volume it clones the primary
# (pg_basebackup -R: a base backup plus standby.signal and primary_conninfo), then hands over to the image's own
# entry point, which starts PostgreSQL as the postgres user with the service's command line. With a data directory
# already there it only hands over: the server then starts as whatever it is, a standby, or a primary if it was
# promoted.
#
# The clone is made in a scratch directory beside PGDATA and renamed into place only once complete, so a clone cut
# short (the container stopped, the primary gone) is thrown away and made again at the next start, never started
# as a broken standby. The server's name for the primary's synchronous_standby_names is its cluster_name, given on
# the command line: primary_conninfo carries no application_name, so the standby reports its cluster_name. The
# primary_conninfo that --write-recovery-conf writes is overridden by the one on the command line, which names the
# same primary; --write-recovery-conf is here for its standby.signal.
set -euo pipefail

: "${PGDATA:?}" "${PRIMARY_HOST:?defina PRIMARY_HOST}"
: "${REPLICATION_USER:?defina REPLICATION_USER}" "${REPLICATION_PASSWORD:?defina REPLICATION_PASSWORD}"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -d "$PGDATA" ] && [ -n "$(ls -A "$PGDATA")" ]; then
        echo "standby.sh: $PGDATA não está vazio e não é um cluster do PostgreSQL; nada foi apagado" >&2
        exit 1
    fi
    rascunho="$(dirname "$PGDATA")/clonando"
    rm -rf "$rascunho"
    install -d -o postgres -g postgres -m 700 "$rascunho"
    echo "standby.sh: clonando o primário $PRIMARY_HOST em $PGDATA"
    PGPASSWORD="$REPLICATION_PASSWORD" gosu postgres pg_basebackup --host="$PRIMARY_HOST" \
        --username="$REPLICATION_USER" --pgdata="$rascunho" --wal-method=stream --checkpoint=fast \
        --write-recovery-conf
    rmdir "$PGDATA" 2>/dev/null || true
    mv "$rascunho" "$PGDATA"
    echo "standby.sh: clone completo"
fi

exec docker-entrypoint.sh "$@"
