#!/usr/bin/env bash
# Two servers, each with its own data folder and its own project, on two databases
# of one PostgreSQL cluster: the rental's and a developer's own (as two projects, or
# a replica started with a fresh folder, would be):
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

# Server 1 serves the rental's project, server 2 one of its own, with a table of its own.
project[1]="$repo/rental" table[1]=cars
project[2]="$work/own" table[2]=notes
mkdir -p "$work/own/supabase/migrations"
cat >"$work/own/supabase/migrations/20270101000000_notes.sql" <<'SQL'
create table public.notes (id bigint generated always as identity primary key, body text);
alter table public.notes enable row level security;
create policy "anyone reads notes" on public.notes for select using (true);
SQL

# serve N: server N on database pN, data folder dN, port base+N, project[N].
serve() {
  local n=$1 url
  url=$(sed -E "s#/postgres(\?|$)#/p$n\1#" <<<"$owner")
  psql "$owner" -qc "create database p$n" 2>/dev/null || true
  DATABASE_URL="$url" DATA_DIR="$work/d$n" LISTEN_ADDR="127.0.0.1:$((base_port + n))" PAGE_RENDERER=inline \
    PROJECT_DIR="${project[$n]}" "$work/server" >"$work/server$n.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 300); do
    curl -fs "http://127.0.0.1:$((base_port + n))/health" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "server $n did not start:"; tail -n 20 "$work/server$n.log"; return 1
}

# answers N: server N reads its project's table through /rest/v1 (a moment's 503 while its
# pool logs in again is fine; a login refused stays).
answers() {
  local n=$1 anon code
  anon=$(DATABASE_URL="$owner" DATA_DIR="$work/d$n" "$work/server" keys | sed -n 's/^ANON_KEY=//p')
  for _ in $(seq 1 50); do
    code=$(curl -s -o "$work/out$n.json" -w '%{http_code}' "http://127.0.0.1:$((base_port + n))/rest/v1/${table[$n]}?select=id&limit=1" -H "apikey: $anon")
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
# Each database holds its own project's schema only.
[ "$(psql "$(sed -E "s#/postgres(\?|$)#/p2\1#" <<<"$owner")" -qAtc "select to_regclass('public.cars') is null")" = t ] ||
  { echo "the own project's database has the rental's tables"; exit 1; }
echo "two servers with their own data folders and projects on one cluster: both answer, in either order"
