#!/usr/bin/env bash
# Browser end-to-end tests: the built site on the real server (seeded database,
# PayPal emulator), driven by playwright-core with Debian's Chromium; axe-core
# checks every public route in fr, en and ar. Then the bundle report for "/".
# Needs DATABASE_URL (a superuser URL of the test cluster; make test sets it).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh
: "${DATABASE_URL:?DATABASE_URL is required (make test sets it)}"

if [ ! -x /usr/bin/chromium ]; then
  step "installing chromium"
  apt_install chromium fonts-noto-core
fi

export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
if [ ! -d frontend/node_modules ]; then (cd frontend && npm ci --no-audit --no-fund --loglevel=error >/dev/null); fi
if [ ! -f frontend/dist/index.html ]; then (cd frontend && npm run build >/dev/null); fi

port=${E2E_PORT:-25390}
pp_port=${E2E_PAYPAL_PORT:-25391}
# The mail sink: the server's SMTP delivers there, specs read the messages over HTTP.
smtp_port=${E2E_SMTP_PORT:-$((pp_port + 1))}
mail_port=${E2E_MAIL_PORT:-$((pp_port + 2))}
work=$(mktemp -d /tmp/casarent-e2e.XXXXXX)
sink_pid=
cleanup() { # runs from frontend/ too: absolute paths
  "$repo/scripts/test-server.sh" stop e2e >/dev/null 2>&1 || true
  [ -n "$sink_pid" ] && kill "$sink_pid" 2>/dev/null || true
  DATA_DIR="$work" "$repo/scripts/paypal-emulator.sh" stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/smtp-sink" ./server/mail/mailtest/cmd/smtp-sink
"$work/smtp-sink" -smtp "127.0.0.1:$smtp_port" -http "127.0.0.1:$mail_port" >"$work/sink.out" 2>"$work/sink.log" &
sink_pid=$!
for _ in $(seq 1 100); do grep -q '^smtp=' "$work/sink.out" && break; sleep 0.1; done
grep -q '^smtp=' "$work/sink.out" || { cat "$work/sink.log"; exit 1; }
# Specs read the e-mails the site sends (a booking's confirmation) from here.
export E2E_MAIL_URL="http://127.0.0.1:$mail_port"
# Sign-ups stay confirmed at once, as without SMTP; the agency's mails go to the sink too.
export SMTP_HOST=127.0.0.1 SMTP_PORT=$smtp_port SMTP_TLS=none SMTP_ADMIN_EMAIL=noreply@casarent.test MAILER_AUTOCONFIRM=true \
  AGENCY_EMAIL=${AGENCY_EMAIL:-agence@casarent.test}

pp_env=$(DATA_DIR="$work" PAYPAL_EMULATOR_PORT=$pp_port scripts/paypal-emulator.sh start)
eval "$pp_env"
export PAYPAL_CLIENT_ID PAYPAL_CLIENT_SECRET PAYPAL_BASE_URL PAYPAL_SIMULATED
# Its stderr (psql notices, seed output) is shown only when the start fails.
# Every browser of the suite calls from 127.0.0.1: like the write limits in fixture.sql,
# the per-address render limit (storage/README.md) is widened for the suite.
# localhost is another name of the site (rough-edges.spec: back from PayPal to the host name the visitor used).
STORAGE_RENDER_BURST=100000 STORAGE_RENDER_PER_MINUTE=100000 ADDITIONAL_REDIRECT_URLS="http://localhost:$port/**" \
FRONTEND_DIST="$repo/frontend/dist" SEED=1 FIXTURE_SQL="$repo/frontend/e2e/fixture.sql" start_test_server e2e "$port" 2>"$work/start.log" ||
  { cat "$work/start.log"; exit 1; }
export E2E_BASE_URL="$SUPABASE_URL"

cd frontend
status=0
# E2E_SPECS narrows the run to some spec files (e.g. "e2e/way-forward.spec.ts") while working on them.
# shellcheck disable=SC2086
NO_COLOR=1 npx vitest run --config vitest.e2e.config.ts --reporter=${E2E_REPORTER:-dot} ${E2E_SPECS:-} 2>&1 | grep -v -e "nodedir" -e "^[·x*-]*$" | tail -n 80 || status=$?
if [ "$status" -ne 0 ]; then echo "server log (last lines):"; tail -n 30 "$SERVER_LOG" || true; exit "$status"; fi
npx tsx e2e/bundle-report.ts 2>&1 | grep -v "nodedir" | tail -n 1
