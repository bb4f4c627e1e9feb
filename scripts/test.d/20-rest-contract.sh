#!/usr/bin/env bash
# /rest/v1: a short fuzz run of the URL grammar, then the Node contract suite
# (postgrest-compat/contract, @supabase/supabase-js from npm) against the real
# server over the suite's own fixture schema (postgrest-compat/contract/fixture.sql).
# Port: REST_CONTRACT_PORT (25371). Needs DATABASE_URL (make test sets it).
#
# The server reads from a streaming standby of the test cluster (DATABASE_REPLICA_URLS)
# when PG_DATA and PG_PORT name that cluster (make test): the suite passes with
# reads on a replica, and at the end the server must have run some there.
# The standby's port: REST_CONTRACT_REPLICA_PORT (25379).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh
: "${DATABASE_URL:?DATABASE_URL (cluster superuser) is required}"

echo "-- fuzz: URL grammar and SQL builder (${REST_FUZZTIME:-20s})"
go test -run '^$' -fuzz FuzzParseRequest -fuzztime "${REST_FUZZTIME:-20s}" ./postgrest-compat/

echo "-- rest contract (supabase-js)"
npm_install postgrest-compat/contract
port=${REST_CONTRACT_PORT:-25371}
standby=""
cleanup() {
  scripts/test-server.sh stop rest-contract >/dev/null 2>&1 || true
  if [ -n "$standby" ]; then PG_DATA=$standby scripts/pg.sh stop >/dev/null 2>&1 || true; rm -rf "$standby" "$standby.pass"; fi
}
trap cleanup EXIT
if [ -n "${PG_DATA:-}" ] && [ -n "${PG_PORT:-}" ]; then
  replica_port=${REST_CONTRACT_REPLICA_PORT:-25379}
  standby=$(dirname "$PG_DATA")/rest-contract-standby
  # (Set apart: in one command's assignments, a later one sees the earlier ones.)
  primary_port=$PG_PORT primary_pass="$PG_DATA.pass"
  PG_DATA=$standby PG_PORT=$replica_port PG_PRIMARY_PORT=$primary_port PG_PRIMARY_PASS=$primary_pass scripts/pg.sh standby
  export DATABASE_REPLICA_URLS=postgres://127.0.0.1:$replica_port
else
  echo "-- no PG_DATA/PG_PORT: the suite runs without a read replica"
fi
# The fixture exposes a second schema (Accept-Profile/Content-Profile cases).
PGRST_DB_SCHEMAS=public,pc_personal FIXTURE_SQL="$repo/postgrest-compat/contract/fixture.sql" start_test_server rest-contract "$port"
rc=0
(cd postgrest-compat/contract && node --test --test-concurrency=1 ./*.test.mjs) || rc=$?
if [ $rc != 0 ]; then echo "--- server log"; tail -n 40 "$SERVER_LOG" >&2 || true; fi
if [ -n "$standby" ]; then
  reads=$(curl -fs -H "Authorization: Bearer $SERVICE_ROLE_KEY" "$SUPABASE_URL/metrics" | grep -E '^db_reads(_on_primary)?_total' || true)
  echo "-- reads by target:"; echo "$reads" | sed 's/^/   /'
  on_replica=$(echo "$reads" | sed -n 's/^db_reads_total{target="replica"} //p')
  if [ "${on_replica:-0}" = 0 ]; then echo "no read ran on the replica" >&2; rc=1; fi
fi
exit $rc
