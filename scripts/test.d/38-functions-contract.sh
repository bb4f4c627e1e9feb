#!/usr/bin/env bash
# Node contract suite of /functions/v1 (functions/contract): the real server, the
# PayPal emulator, the SMTP sink and the TypeScript example functions of
# functions/testdata (run by Deno), driven by @supabase/supabase-js.
#   Ports: emulator FN_EMULATOR_PORT (25361), server FN_SERVER_PORT (25362), a page of
#   another origin FN_PAGE_PORT (25363).
#   Needs DATABASE_URL (a superuser URL of the test cluster; make test sets it).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh
: "${DATABASE_URL:?DATABASE_URL (cluster superuser) is required}"

state=/tmp/casarent-fn-contract
mkdir -p "$state"
emu_port=${FN_EMULATOR_PORT:-25361}
export FN_PAGE_PORT=${FN_PAGE_PORT:-25363} # the page of another origin in files-browser.test.mjs
server_port=${FN_SERVER_PORT:-25362}

go build -o "$state/paypal-emulator" ./rental/paypal/emulator/cmd/paypal-emulator
go build -o "$state/smtp-sink" ./server/mail/mailtest/cmd/smtp-sink

pids=()
cleanup() {
  "$repo/scripts/test-server.sh" stop functions-contract >/dev/null 2>&1 || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

"$state/paypal-emulator" -addr "127.0.0.1:$emu_port" -client-id fn-contract-id -client-secret fn-contract-secret \
  >"$state/emulator.log" 2>&1 &
pids+=($!)
"$state/smtp-sink" -smtp 127.0.0.1:0 -http 127.0.0.1:0 >"$state/sink.out" 2>"$state/sink.log" &
pids+=($!)
for _ in $(seq 1 100); do
  if grep -q '^smtp=' "$state/sink.out" 2>/dev/null && curl -fs "http://127.0.0.1:$emu_port/" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
read -r smtp_field http_field <"$state/sink.out"
smtp_addr=${smtp_field#smtp=}
export SMTP_SINK_URL=${http_field#http=}
export PAYPAL_EMULATOR_URL="http://127.0.0.1:$emu_port"

# Server settings (passed through by test-server.sh).
export PAYPAL_CLIENT_ID=fn-contract-id PAYPAL_CLIENT_SECRET=fn-contract-secret
export PAYPAL_BASE_URL=$PAYPAL_EMULATOR_URL PAYPAL_SIMULATED=true PAYPAL_CURRENCY=EUR PAYPAL_MAD_PER_UNIT=10.8
export SMTP_HOST=${smtp_addr%:*} SMTP_PORT=${smtp_addr##*:} SMTP_TLS=none SMTP_ADMIN_EMAIL=noreply@casarent.test
export AGENCY_EMAIL=agence@casarent.test OUTBOX_POLL_INTERVAL=1s MAILER_AUTOCONFIRM=true
export FIXTURE_SQL="$repo/functions/contract/fixture.sql"
# The TypeScript example functions, run by the Deno ensure_tools installed.
export FUNCTIONS_DIR="$repo/functions/testdata/functions" FUNCTIONS_CONFIG="$repo/functions/testdata/config.toml"
export FUNCTIONS_DENO_DIR="$repo/.tools/deno/cache"
start_test_server functions-contract "$server_port"

cd functions/contract
if [ ! -d node_modules/@supabase/supabase-js ]; then
  npm install --no-audit --no-fund --loglevel=error
fi
node --test --test-concurrency=1
