#!/usr/bin/env bash
# Prepares the primary of docker-compose.yml for its synchronous standby (postgres-standby): a role that may
# replicate, a pg_hba.conf line that lets it in from the compose network with its password, and the names of the
# synchronous standbys.
#
# The postgres image runs it once, at the first start of an empty volume (/docker-entrypoint-initdb.d), as the
# postgres user. It can be run again by hand, and must be on a volume made before it existed:
#   docker compose exec -u postgres postgres bash /docker-entrypoint-initdb.d/20-replicacao.sh
# From the moment it has run on a live server, every commit waits for a synchronous standby: start
# postgres-standby right after (docker compose up -d).
#
# synchronous_standby_names is set here with ALTER SYSTEM, not on the command line like the other settings: the
# image's entry point starts a temporary server with the command line's settings to create the database and the
# role, and those commits would wait for a standby that cannot exist before the primary does. ALTER SYSTEM writes
# it to postgresql.auto.conf, which pg_basebackup copies: the standby carries the same list, which names both
# servers, so it asks for the same guarantee once promoted.
set -euo pipefail

: "${POSTGRES_USER:?}" "${POSTGRES_DB:?}" "${PGDATA:?}"
: "${REPLICATION_USER:?defina REPLICATION_USER}" "${REPLICATION_PASSWORD:?defina REPLICATION_PASSWORD}"
: "${SYNCHRONOUS_STANDBY_NAMES:?defina SYNCHRONOUS_STANDBY_NAMES}"

hba="$PGDATA/pg_hba.conf"
linha="host replication $REPLICATION_USER all scram-sha-256"
if ! grep -qxF "$linha" "$hba"; then
    echo "$linha" >> "$hba"
fi

psql -v ON_ERROR_STOP=1 --no-psqlrc --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
     -v usuario="$REPLICATION_USER" -v senha="$REPLICATION_PASSWORD" -v sincronos="$SYNCHRONOUS_STANDBY_NAMES" <<'SQL'
SELECT format('CREATE ROLE %I', :'usuario') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'usuario') \gexec
SELECT format('ALTER ROLE %I WITH LOGIN REPLICATION PASSWORD %L', :'usuario', :'senha') \gexec
SELECT format('ALTER SYSTEM SET synchronous_standby_names = %L', :'sincronos') \gexec
SELECT pg_reload_conf();
SQL
echo "replicacao.sh: papel $REPLICATION_USER pode replicar; synchronous_standby_names = '$SYNCHRONOUS_STANDBY_NAMES'"
