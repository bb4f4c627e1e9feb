#!/usr/bin/env bash
# /rest/v1: a short fuzz run of the URL grammar, then the Node contract suite
# (postgrest-compat/contract, @supabase/supabase-js from npm) against the real
# server over the suite's own fixture schema (contract/fixture.sql).
# Port: REST_CONTRACT_PORT (25371). Needs DATABASE_URL (make test sets it).
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
cleanup() { scripts/test-server.sh stop rest-contract >/dev/null 2>&1 || true; }
trap cleanup EXIT
# The fixture exposes a second schema (Accept-Profile/Content-Profile cases).
PGRST_DB_SCHEMAS=public,pc_personal FIXTURE_SQL="$repo/postgrest-compat/contract/fixture.sql" start_test_server rest-contract "$port"
rc=0
(cd postgrest-compat/contract && node --test --test-concurrency=1 ./*.test.mjs) || rc=$?
if [ $rc != 0 ]; then echo "--- server log"; tail -n 40 "$SERVER_LOG" >&2 || true; fi
exit $rc
