#!/usr/bin/env bash
# Two servers, each with its own data folder, on two databases of one PostgreSQL
# cluster, as two projects (or a replica started with a fresh folder) would be:
# the login roles are the cluster's, and each server sets their passwords at start.
# Both must keep answering once both have started, whichever started first, even
# when every connection has to log in again. A cluster of its own: this moves the
# authenticator's password away from what the other suites use.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh

work=$(mktemp -d /tmp/casarent-two.XXXXXX)
base_port=${TWO_SERVERS_PORT:-25495}
export PG_DATA="$work/pg" PG_PORT=$base_port
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/pg.sh stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
scripts/pg.sh start >/dev/null
owner=$(scripts/pg.sh url)
go build -o "$work/server" ./cmd/server

# serve N: server N on database pN, data folder dN, port base+N.
serve() {
  local n=$1 url
  url=$(sed -E "s#/postgres(\?|$)#/p$n\1#" <<<"$owner")
  psql "$owner" -qc "create database p$n" 2>/dev/null || true
  DATABASE_URL="$url" DATA_DIR="$work/d$n" LISTEN_ADDR="127.0.0.1:$((base_port + n))" PAGE_RENDERER=inline \
    "$work/server" >"$work/server$n.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 300); do
    curl -fs "http://127.0.0.1:$((base_port + n))/health" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "server $n did not start:"; tail -n 20 "$work/server$n.log"; return 1
}

# answers N: server N reads a table through /rest/v1 (a moment's 503 while its
# pool logs in again is fine; a login refused stays).
answers() {
  local n=$1 anon code
  anon=$(DATABASE_URL="$owner" DATA_DIR="$work/d$n" "$work/server" keys | sed -n 's/^ANON_KEY=//p')
  for _ in $(seq 1 50); do
    code=$(curl -s -o "$work/out$n.json" -w '%{http_code}' "http://127.0.0.1:$((base_port + n))/rest/v1/cars?select=id&limit=1" -H "apikey: $anon")
    [ "$code" = 200 ] && return 0
    sleep 0.2
  done
  echo "server $n answers $code: $(cat "$work/out$n.json")"; grep -i "password\|authenticat" "$work/server$n.log" | tail -n 3; return 1
}

# Every connection logs in again, with whatever password its server knows.
relogin() { psql "$owner" -qAtc "select count(pg_terminate_backend(pid)) from pg_stat_activity where usename in ('authenticator', 'functions_db')" >/dev/null; }

serve 1
serve 2
relogin
answers 1
answers 2
# The other order: the first server starts again after the second.
kill -TERM "${pids[0]}"; wait "${pids[0]}" 2>/dev/null || true
serve 1
relogin
answers 2
answers 1
echo "two servers with their own data folders on one cluster: both answer, in either order"
