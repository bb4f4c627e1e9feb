#!/usr/bin/env bash
# The realtime contract suite (realtime/contract: @supabase/supabase-js from npm,
# the `ws` package as Node 20's WebSocket) against the real server: postgres_changes
# with and without filters, both serializers, token refresh and expiry, and row-level
# security on delivery. Needs DATABASE_URL (make test sets it) on a cluster with
# wal_level=logical (scripts/pg.sh starts its clusters so).
# Port: REALTIME_CONTRACT_PORT (54381), for running beside another copy of the suite.
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
FIXTURE_SQL=realtime/contract/fixture.sql start_test_server "$name" "${REALTIME_CONTRACT_PORT:-54381}"
trap 'scripts/test-server.sh stop "$name" >/dev/null 2>&1 || true' EXIT
# The replication stream starts once migrations are applied; the suite expects it.
for _ in $(seq 1 50); do
  if curl -fs "$SUPABASE_URL/realtime/v1/api/health" | grep -q '"ok"'; then break; fi
  sleep 0.2
done
if ! curl -fs "$SUPABASE_URL/realtime/v1/api/health" | grep -q '"ok"'; then
  echo "39-realtime-contract: the server's replication stream did not start:" >&2
  grep -i realtime "$SERVER_LOG" | tail -n 10 >&2 || true
  exit 1
fi
rc=0
(cd realtime/contract && node --test --test-concurrency=1) || rc=$?
if [ $rc != 0 ]; then tail -n 40 "$SERVER_LOG" >&2 || true; fi
exit $rc
