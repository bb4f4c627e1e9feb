#!/usr/bin/env bash
# make run: everything a newcomer needs, then the server on http://localhost:54321.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
source scripts/lib.sh
ensure_tools

if [ -f frontend/package.json ]; then
  step "building the site"
  npm_install frontend
  (cd frontend && npm run build --silent)
fi

if [ -z "${DATABASE_URL:-}" ]; then
  step "starting PostgreSQL (.data/postgres, port ${PG_PORT:-54322})"
  scripts/pg.sh start
  export DATABASE_URL=$(scripts/pg.sh url)
fi

# The rental site has no public accounts: administrators are created by other
# administrators (admin-users function). Closing self sign-up means nobody can
# register an address before it is made administrator. Override with DISABLE_SIGNUP=false.
export DISABLE_SIGNUP=${DISABLE_SIGNUP:-true}

step "building the server"
go build -o bin/server ./cmd/server

step "migrating and seeding"
bin/server migrate
bin/server seed

if [ -z "${PAYPAL_CLIENT_ID:-}" ] && [ -x scripts/paypal-emulator.sh ]; then
  step "no PayPal credentials: starting the local PayPal emulator (payments are simulated)"
  eval "$(scripts/paypal-emulator.sh start)"
fi

port=${LISTEN_ADDR:-:54321}; port=${port##*:}
keys=$(bin/server keys)
cat <<MSG

  Site:      http://localhost:$port/
  Admin:     http://localhost:$port/admin
  API:       http://localhost:$port  (rest/v1, auth/v1, storage/v1, functions/v1)
  Health:    http://localhost:$port/health
  $(echo "$keys" | grep ANON_KEY)
  Admin login: see above (first run) or .data/admin.txt
  PostgreSQL keeps running after the server stops: \`make pg-stop\` stops it.

MSG
exec bin/server
