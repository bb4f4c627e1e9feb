#!/usr/bin/env bash
# The realtime contract suite (realtime/contract: @supabase/supabase-js from npm,
# the `ws` package as Node 20's WebSocket) against the real server: postgres_changes
# with and without filters, both serializers, token refresh and expiry, and row-level
# security on delivery. Needs DATABASE_URL (make test sets it) on a cluster with
# wal_level=logical (scripts/pg.sh starts its clusters so).
# A second server on the same database (REALTIME_CONTRACT_PORT2) serves the replica
# test: subscribers spread over both servers each receive every change once.
# Then failover.mjs kills the elected replication reader and starts a third server
# (REALTIME_CONTRACT_PORT3).
# Ports: REALTIME_CONTRACT_PORT (25385), REALTIME_CONTRACT_PORT2 (25386),
# REALTIME_CONTRACT_PORT3 (25387), for running beside another copy of the suite.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh
: "${DATABASE_URL:?DATABASE_URL (cluster superuser) is required}"

wal_level=$(psql -Atq "$DATABASE_URL" -c 'show wal_level')
if [ "$wal_level" != logical ]; then
  echo "39-realtime-contract: the cluster runs with wal_level=$wal_level; /realtime/v1 needs logical (restart it with scripts/pg.sh stop && scripts/pg.sh start)" >&2
  exit 1
fi

npm_install realtime/contract
name=realtime-contract
FIXTURE_SQL="scripts/contract/users.sql realtime/contract/fixture.sql" start_test_server "$name" "${REALTIME_CONTRACT_PORT:-25385}"
state=$(dirname "$SERVER_LOG")
cleanup() {
  for p in pid2 pid3; do
    if [ -f "$state/$p" ]; then
      pid=$(cat "$state/$p")
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      rm -f "$state/$p"
    fi
  done
  scripts/test-server.sh stop "$name" >/dev/null 2>&1 || true
}
trap cleanup EXIT

# The replica: same database, same keys and settings (ADMIN_MFA_REQUIRED as
# test-server.sh gives it: each server writes it to the database at start), its own port.
port2=${REALTIME_CONTRACT_PORT2:-25386}
(
  export AUTHENTICATOR_PASSWORD=pgtest-authenticator FUNCTIONS_DB_PASSWORD=pgtest-functions DATABASE_URL="$TEST_DATABASE_URL" DATA_DIR="$state/data" \
    LISTEN_ADDR="127.0.0.1:$port2" JWT_SECRET="$JWT_SECRET" SITE_URL="$SUPABASE_URL" API_EXTERNAL_URL="$SUPABASE_URL" \
    ADMIN_MFA_REQUIRED="${ADMIN_MFA_REQUIRED:-false}"
  nohup bin/server >"$state/server2.out" 2>"$state/server2.log" &
  echo $! >"$state/pid2"
)
export SUPABASE_URL_2="http://127.0.0.1:$port2"

# The replication streams start once migrations are applied; the suite expects them.
for url in "$SUPABASE_URL" "$SUPABASE_URL_2"; do
  for _ in $(seq 1 100); do
    if curl -fs "$url/realtime/v1/api/health" 2>/dev/null | grep -q '"ok"'; then break; fi
    sleep 0.2
  done
  if ! curl -fs "$url/realtime/v1/api/health" | grep -q '"ok"'; then
    echo "39-realtime-contract: the replication stream of $url did not start:" >&2
    grep -hi realtime "$SERVER_LOG" "$state/server2.log" | tail -n 10 >&2 || true
    exit 1
  fi
done
rc=0
(cd realtime/contract && node --test --test-concurrency=1) || rc=$?
if [ $rc = 0 ]; then
  (cd realtime/contract && SERVER_PID_1=$(cat "$state/pid") SERVER_PID_2=$(cat "$state/pid2") SERVER_STATE="$state" \
    REALTIME_CONTRACT_PORT3="${REALTIME_CONTRACT_PORT3:-25387}" node --test failover.mjs) || rc=$?
fi
if [ $rc != 0 ]; then tail -n 40 "$SERVER_LOG" >&2 || true; fi
exit $rc
