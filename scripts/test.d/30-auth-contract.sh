#!/usr/bin/env bash
# Node contract suite of /auth/v1 (auth/contract, @supabase/supabase-js from npm)
# against the real server and a real SMTP server (the sink), three times:
#   1. MAILER_AUTOCONFIRM=false: sessions, email flows, admin API, rate limits,
#      parity.test.mjs (what differed from GoTrue, reauthentication) and
#      mfa.test.mjs (TOTP factors, aal2, is_admin());
#   2. MAILER_AUTOCONFIRM=true: sign-up with an immediate session;
#   3. JWT_KEYS (asymmetric signing keys, jwtkeys.mjs): jwks.json, getClaims, rotation;
#   4. EXTERNAL_ANONYMOUS_USERS_ENABLED=true: guests, RLS on is_anonymous (the
#      fixture table of anonymous-fixture.sql), conversion by a confirmed address;
#   5. OAuth through Dex (scripts/dex.sh, a real OpenID Connect provider, on port +5)
#      as the keycloak and generic oidc providers, with manual linking on; the same
#      sign-ins in Chromium through Dex's login page (oauth-browser.test.mjs).
# Ports: AUTH_CONTRACT_PORT (25381), +1, +2, +3, +4 and +5 (Dex). Needs DATABASE_URL (make test sets it).
# AUTH_CONTRACT_STATE: where the sink and its logs live (/tmp/casarent-auth-contract).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh
: "${DATABASE_URL:?DATABASE_URL (cluster superuser) is required}"

state=${AUTH_CONTRACT_STATE:-/tmp/casarent-auth-contract}
mkdir -p "$state"
port=${AUTH_CONTRACT_PORT:-25381}
npm_install auth/contract
go build -o "$state/smtp-sink" ./server/mail/mailtest/cmd/smtp-sink

sink_pid=
cleanup() {
  scripts/test-server.sh stop auth-confirm >/dev/null 2>&1 || true
  scripts/test-server.sh stop auth-autoconfirm >/dev/null 2>&1 || true
  scripts/test-server.sh stop auth-keys >/dev/null 2>&1 || true
  scripts/test-server.sh stop auth-anonymous >/dev/null 2>&1 || true
  scripts/test-server.sh stop auth-oauth >/dev/null 2>&1 || true
  DEX_STATE="$state/dex" scripts/dex.sh stop >/dev/null 2>&1 || true
  [ -n "$sink_pid" ] && kill "$sink_pid" 2>/dev/null || true
}
trap cleanup EXIT

: >"$state/sink.out"
"$state/smtp-sink" -smtp 127.0.0.1:0 -http 127.0.0.1:0 >"$state/sink.out" 2>"$state/sink.log" &
sink_pid=$!
for _ in $(seq 1 100); do grep -q '^smtp=' "$state/sink.out" && break; sleep 0.1; done
read -r smtp_field http_field <"$state/sink.out"
smtp_addr=${smtp_field#smtp=}
export SMTP_SINK_URL=${http_field#http=}

# Server settings shared by both runs; the suite reads the same variables to know
# what to expect. Clients announce their own address in X-Forwarded-For, which
# this server is told to trust, so each test has its own rate-limit buckets.
export SMTP_HOST=${smtp_addr%:*} SMTP_PORT=${smtp_addr##*:} SMTP_TLS=none SMTP_ADMIN_EMAIL=noreply@casarent.test \
  RATE_LIMIT_HEADER=X-Forwarded-For RATE_LIMIT_OTP=10 SMTP_MAX_FREQUENCY=2s SMTP_MAX_FREQUENCY_MS=2100 \
  SECURITY_REFRESH_TOKEN_REUSE_INTERVAL=2 SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION=true

run() { # name port autoconfirm files...
  local name=$1 p=$2 auto=$3; shift 3
  MAILER_AUTOCONFIRM=$auto start_test_server "$name" "$p" || return 1
  local rc=0
  (cd auth/contract && node --test --test-concurrency=1 "$@") || rc=$?
  if [ $rc != 0 ]; then echo "--- server log ($name)"; tail -n 40 "$SERVER_LOG" >&2 || true; fi
  scripts/test-server.sh stop "$name"
  return $rc
}

echo "-- auth contract, MAILER_AUTOCONFIRM=false"
run auth-confirm "$port" false session.test.mjs confirm.test.mjs admin.test.mjs ratelimit.test.mjs parity.test.mjs mfa.test.mjs
echo "-- auth contract, MAILER_AUTOCONFIRM=true"
run auth-autoconfirm "$((port + 1))" true autoconfirm.test.mjs
echo "-- auth contract, JWT_KEYS (ES256 current, RS256 previous, one retired past its grace)"
JWT_KEYS=$(node auth/contract/jwtkeys.mjs) run auth-keys "$((port + 2))" true keys.test.mjs
echo "-- auth contract, EXTERNAL_ANONYMOUS_USERS_ENABLED=true"
EXTERNAL_ANONYMOUS_USERS_ENABLED=true FIXTURE_SQL="$repo/auth/contract/anonymous-fixture.sql" \
  run auth-anonymous "$((port + 3))" false anonymous.test.mjs
echo "-- auth contract, OAuth through Dex (keycloak and generic oidc), SECURITY_MANUAL_LINKING_ENABLED=true"
oauth_port=$((port + 4))
# test-server.sh moves 1000 ports up when a port is taken: Dex accepts those callbacks too.
export DEX_ADDR=127.0.0.1:$((port + 5)) DEX_STATE="$state/dex"
export DEX_REDIRECT_URIS="http://127.0.0.1:$oauth_port/auth/v1/callback http://127.0.0.1:$((oauth_port + 1000))/auth/v1/callback http://127.0.0.1:$((oauth_port + 2000))/auth/v1/callback"
scripts/dex.sh start
eval "$(scripts/dex.sh env | sed 's/^/export /')"
for p in KEYCLOAK OIDC; do
  export "EXTERNAL_${p}_ENABLED=true" "EXTERNAL_${p}_CLIENT_ID=$DEX_CLIENT_ID" "EXTERNAL_${p}_SECRET=$DEX_CLIENT_SECRET" "EXTERNAL_${p}_URL=$DEX_ISSUER"
done
# oauth-browser.test.mjs drives Debian's Chromium (playwright-core, no browser download).
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then apt_install chromium; fi
SECURITY_MANUAL_LINKING_ENABLED=true run auth-oauth "$oauth_port" true oauth.test.mjs oauth-browser.test.mjs
