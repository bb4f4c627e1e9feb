#!/usr/bin/env bash
# Project-owned PostgreSQL cluster: scripts/pg.sh start|stop|status|url|standby
#
#   PG_DATA   cluster directory        (default: <repo>/.data/postgres)
#   PG_PORT   TCP port on 127.0.0.1    (default: 54322)
#
# `standby` makes PG_DATA a streaming replica (hot standby, read-only) of the
# cluster on PG_PRIMARY_PORT, whose superuser password is in PG_PRIMARY_PASS
# (its .pass file): copied once with pg_basebackup -R, then started as `start`.
#
# The cluster listens on loopback only (no unix socket), uses scram passwords,
# and its superuser "postgres" gets a random password kept in $PG_DATA/../<name>.pass.
# When run as root, the server runs as the "postgres" system user (PostgreSQL
# refuses to run as root). Every command is idempotent.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
PG_DATA=${PG_DATA:-$repo/.data/postgres}
PG_PORT=${PG_PORT:-54322}
passfile="$(dirname "$PG_DATA")/$(basename "$PG_DATA").pass"

find_bin() {
  # Through a link (/usr/local/bin/pg_ctl -> .../15/bin/pg_ctl): the other tools live there.
  if command -v pg_ctl >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v pg_ctl)")"; return; fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$d" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return; fi
  echo "pg.sh: no PostgreSQL binaries found (install postgresql 15+)" >&2
  exit 1
}
BIN=$(find_bin)

# as_pg runs a command as the cluster owner.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# make_reachable gives the postgres user the right to traverse every ancestor of $1.
make_reachable() {
  [ "$(id -u)" = 0 ] || return 0
  local d=$1
  while [ "$d" != / ]; do
    if ! runuser -u postgres -- test -x "$d" 2>/dev/null; then chmod o+x "$d"; fi
    d=$(dirname "$d")
  done
}

init_cluster() {
  [ -f "$PG_DATA/PG_VERSION" ] && return 0
  mkdir -p "$PG_DATA"
  if [ ! -s "$passfile" ]; then
    (umask 077; head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$passfile")
  fi
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$PG_DATA" "$passfile"
    make_reachable "$(dirname "$PG_DATA")"
  fi
  chmod 700 "$PG_DATA"
  as_pg "$BIN/initdb" -D "$PG_DATA" -U postgres --pwfile="$passfile" \
    --auth-local=scram-sha-256 --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
  cat >>"$PG_DATA/postgresql.conf" <<EOF
# --- project settings (scripts/pg.sh) ---
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
max_connections = 300
shared_buffers = 256MB
fsync = on
log_min_messages = warning
log_min_error_statement = panic
EOF
}

running() { as_pg "$BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1; }

cmd=${1:-status}
# port_free says clearly when another socket holds the port (another server, or
# an outgoing connection that the kernel gave that port: 54322 lies in Linux's
# ephemeral range), instead of letting pg_ctl fail later with "Address already in use".
port_free() {
  local holders
  holders=$(ss -Htan "( sport = :$PG_PORT )" 2>/dev/null | awk '$1 != "TIME-WAIT" {print "  " $1, $4, "->", $5}' | head -n 5 || true)
  [ -z "$holders" ] && return 0
  echo "pg.sh: port $PG_PORT is held by another socket, so PostgreSQL cannot listen there:" >&2
  echo "$holders" >&2
  echo "pg.sh: stop what holds it (ss -tanp 'sport = :$PG_PORT' names it), or choose another port with PG_PORT=..." >&2
  return 1
}

start_cluster() {
  [ "$(id -u)" = 0 ] && make_reachable "$PG_DATA"
  if ! running; then
    port_free || exit 1
    # Logical replication settings on the command line, so clusters made before
    # /realtime/v1 get them at their next start too (and a standby has the
    # primary's: it refuses to start with fewer wal senders).
    as_pg "$BIN/pg_ctl" -D "$PG_DATA" -o "-p $PG_PORT -c wal_level=logical -c max_replication_slots=20 -c max_wal_senders=20" -l "$PG_DATA/server.log" -w -t 60 start >/dev/null
  fi
}

# copy_primary fills PG_DATA with a base backup of the primary, set up to follow it.
copy_primary() {
  [ -f "$PG_DATA/PG_VERSION" ] && return 0
  : "${PG_PRIMARY_PORT:?PG_PRIMARY_PORT (the primary's port) is required}" "${PG_PRIMARY_PASS:?PG_PRIMARY_PASS (the primary's .pass file) is required}"
  mkdir -p "$PG_DATA"
  (umask 077; cp "$PG_PRIMARY_PASS" "$passfile") # roles replicate: the same superuser password
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$PG_DATA" "$passfile"
    make_reachable "$(dirname "$PG_DATA")"
  fi
  chmod 700 "$PG_DATA"
  as_pg env PGPASSWORD="$(cat "$passfile")" "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PG_PRIMARY_PORT" -U postgres \
    -D "$PG_DATA" -R -X stream -c fast
  rm -f "$PG_DATA/server.log" "$PG_DATA/postmaster.opts"
}

case "$cmd" in
  start)
    init_cluster
    start_cluster
    echo "postgres running on 127.0.0.1:$PG_PORT ($PG_DATA)"
    ;;
  standby)
    copy_primary
    start_cluster
    echo "postgres standby of 127.0.0.1:$PG_PRIMARY_PORT running on 127.0.0.1:$PG_PORT ($PG_DATA)"
    ;;
  stop)
    if [ -f "$PG_DATA/PG_VERSION" ] && running; then
      as_pg "$BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null
    fi
    echo "postgres stopped ($PG_DATA)"
    ;;
  status)
    if [ -f "$PG_DATA/PG_VERSION" ] && running; then echo "running ($PG_DATA, port $PG_PORT)"; else echo "stopped ($PG_DATA)"; exit 3; fi
    ;;
  url)
    echo "postgres://postgres:$(cat "$passfile")@127.0.0.1:$PG_PORT/postgres?sslmode=disable"
    ;;
  *)
    echo "usage: $0 start|stop|status|url|standby" >&2; exit 2 ;;
esac
