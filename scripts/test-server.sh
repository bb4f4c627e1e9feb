#!/usr/bin/env bash
# Starts the real server on a fresh database of the test cluster, for the Node
# contract suites and the browser tests.
#
#   eval "$(scripts/test-server.sh start NAME PORT)"   # exports SUPABASE_URL, ANON_KEY, ...
#   scripts/test-server.sh stop NAME
#
# Needs DATABASE_URL = a superuser URL of the cluster (make test sets it).
# Optional env: FIXTURE_SQL (files applied after migrations, space-separated),
# SEED=1 (runs `server seed`), and any server setting (STORAGE_BACKEND, SMTP_HOST, ...),
# passed through as is. The server's log is in $STATE/server.log.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cmd=${1:?start|stop}
name=${2:?name}
# Each checkout keeps its own servers' state: two checkouts (worktrees) starting a
# server of the same name must not stop each other's.
state=${TEST_SERVER_STATE:-/tmp/casarent-ts-$(printf %s "$repo" | cksum | cut -d' ' -f1)}/$name
export TEST_JWT_SECRET=${TEST_JWT_SECRET:-test-jwt-secret-0123456789abcdef0123456789}

db_url() { # $1 = database name: DATABASE_URL with its path replaced
  local base=${DATABASE_URL%%\?*} query=""
  case "$DATABASE_URL" in *\?*) query="?${DATABASE_URL#*\?}" ;; esac
  echo "${base%/*}/$1$query"
}

case "$cmd" in
start)
  port=${3:?port}
  : "${DATABASE_URL:?DATABASE_URL (cluster superuser) is required}"
  "$0" stop "$name" >/dev/null 2>&1 || true
  mkdir -p "$state"
  if [ ! -x "$repo/bin/server" ] || [ -n "$(find "$repo" \( -name '*.go' -o -path '*/server/ssr/*.js' -o -path '*/functions/deno/*.ts' \) -newer "$repo/bin/server" -not -path '*/node_modules/*' | head -n1)" ] || [ -n "$(find "$repo/migrations" -newer "$repo/bin/server" | head -n1)" ]; then
    (cd "$repo" && go build -o bin/server ./cmd/server) >&2
  fi
  dbname="ts_$(echo "$name" | tr -c 'a-z0-9\n' '_')"
  url=$(db_url "$dbname")

  # wait_pages PORT: a server with a server-render bundle (server/ssr) renders every
  # public page in the background at start (rental/website/pagerender.go: a minute or more on a
  # busy 2-core machine); tests want the pages as visitors get them, so wait for it.
  wait_pages() {
    local p=$1 state_now
    for _ in $(seq 1 1500); do
      state_now=$(curl -fs "http://127.0.0.1:$p/health" | sed -n 's/.*"pages":"\([a-z]*\)".*/\1/p' || true)
      case "$state_now" in
        "" | ready) return 0 ;;
        failed) echo "server render failed:" >&2; grep -i "ssr\|render\|pages" "$state/server.log" | tail -n 5 >&2; return 1 ;;
      esac
      sleep 0.2
    done
    echo "server render not ready after 300 s" >&2; return 1
  }

  # launch PORT: 0 when the server is healthy there, 2 when the port could not be
  # bound, 1 on any other failure (its log printed).
  launch() {
    local p=$1
    if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then return 2; fi # someone listens there
    psql -q "$DATABASE_URL" -c "drop database if exists $dbname with (force)" -c "create database $dbname" >&2
    (
      cd "$repo"
      # Roles are cluster-wide: use the password pgtest sets, so Go tests and test servers can share a cluster.
      export AUTHENTICATOR_PASSWORD=pgtest-authenticator FUNCTIONS_DB_PASSWORD=pgtest-functions
      # The rental's project, unless the caller serves another.
      export PROJECT_DIR="${PROJECT_DIR:-$repo/rental}"
      # The suites sign in as administrators many times and a TOTP code opens one session per
      # 30-second step: administrators pass with the password (a spec may switch it on in the database).
      export ADMIN_MFA_REQUIRED="${ADMIN_MFA_REQUIRED:-false}"
      export DATABASE_URL="$url" DATA_DIR="$state/data" LISTEN_ADDR="127.0.0.1:$p" JWT_SECRET="$TEST_JWT_SECRET" \
        SITE_URL="${SITE_URL:-http://127.0.0.1:$p}" API_EXTERNAL_URL="${API_EXTERNAL_URL:-http://127.0.0.1:$p}"
      nohup bin/server >"$state/server.out" 2>"$state/server.log" &
      echo $! >"$state/pid"
    )
    for _ in $(seq 1 150); do
      if curl -fs "http://127.0.0.1:$p/health" >/dev/null 2>&1; then wait_pages "$p"; return $?; fi
      if ! kill -0 "$(cat "$state/pid")" 2>/dev/null; then
        grep -q "address already in use" "$state/server.log" && return 2
        echo "server died:" >&2; tail -n 30 "$state/server.log" >&2; return 1
      fi
      sleep 0.2
    done
    echo "server not healthy:" >&2; tail -n 30 "$state/server.log" >&2; return 1
  }

  # Our ports lie in the kernel's ephemeral range, so any outgoing connection may
  # hold one for a while: wait a little, then move 1000 ports up. Callers read the
  # port from SUPABASE_URL.
  rc=2
  for p in "$port" "$port" "$((port + 1000))" "$((port + 2000))"; do
    rc=0; launch "$p" || rc=$?
    [ "$rc" = 2 ] || break
    echo "test-server: port $p is taken; trying again" >&2
    sleep 1
  done
  [ "$rc" = 0 ] || { [ "$rc" = 2 ] && echo "test-server: no free port for $name" >&2; exit 1; }
  port=$p
  for f in ${FIXTURE_SQL:-}; do psql -q -v ON_ERROR_STOP=1 "$url" -f "$f" >&2; done
  if [ -n "${FIXTURE_SQL:-}" ]; then psql -q "$url" -c "notify pgrst, 'reload schema'" >&2; sleep 0.5; fi
  if [ "${SEED:-}" = 1 ]; then
    (cd "$repo" && PROJECT_DIR="${PROJECT_DIR:-$repo/rental}" AUTHENTICATOR_PASSWORD=pgtest-authenticator FUNCTIONS_DB_PASSWORD=pgtest-functions DATABASE_URL="$url" DATA_DIR="$state/data" JWT_SECRET="$TEST_JWT_SECRET" \
      SITE_URL="http://127.0.0.1:$port" bin/server seed) >&2
  fi
  keys=$(cd "$repo" && DATABASE_URL="$url" DATA_DIR="$state/data" JWT_SECRET="$TEST_JWT_SECRET" bin/server keys)
  {
    echo "export SUPABASE_URL=http://127.0.0.1:$port"
    echo "$keys" | sed 's/^/export /'
    echo "export JWT_SECRET=$TEST_JWT_SECRET"
    echo "export TEST_DATABASE_URL='$url'"
    echo "export SERVER_LOG=$state/server.log"
  } | tee "$state/env"
  ;;
stop)
  if [ -f "$state/pid" ]; then
    pid=$(cat "$state/pid")
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$state/pid"
  fi
  if [ -n "${DATABASE_URL:-}" ]; then
    dbname="ts_$(echo "$name" | tr -c 'a-z0-9\n' '_')"
    # DROP DATABASE refuses a database whose realtime slot a walsender still holds
    # (FORCE does not help: that check comes first); one may linger a moment after
    # its server: end it and retry, or the database and its permanent slot stay.
    for _ in $(seq 1 30); do
      psql -q "$DATABASE_URL" -c "select pg_terminate_backend(active_pid) from pg_replication_slots where database = '$dbname' and active" >/dev/null 2>&1 || true
      psql -q "$DATABASE_URL" -c "drop database if exists $dbname with (force)" >/dev/null 2>&1 && break
      sleep 0.2
    done
  fi
  ;;
*) echo "usage: $0 start NAME PORT | stop NAME" >&2; exit 2 ;;
esac
