#!/usr/bin/env bash
# Lighthouse (npm package, Debian's Chromium, mobile emulation) on /, /vehicles, a car
# page and a blog post, in fr, en and ar, against what `make run` serves: this runs
# scripts/run.sh itself (it builds the site and the server, migrates, seeds, then starts
# the server, which renders every page before it reports them ready), on a database of
# its own. Prints the four scores and FCP/LCP/TBT/CLS per page; fails only when
# accessibility, best practices or SEO is below 100. Performance depends on the machine
# and is reported, not asserted.
#
# What differs from `make run` (docs/performance.md, "Lighthouse in make test"): the
# address (LIGHTHOUSE_PORT, 25490, and SITE_URL to match), the PayPal emulator's port
# (the next one), DATA_DIR (a temporary folder) and the database (one of the test
# cluster, whose authenticator role shares the password the other test servers use).
# Needs DATABASE_URL (make test sets it).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh
: "${DATABASE_URL:?DATABASE_URL is required (make test sets it)}"

port=${LIGHTHOUSE_PORT:-25490}
base="http://127.0.0.1:$port"
work=$(mktemp -d /tmp/casarent-lighthouse.XXXXXX)
dbname=lighthouse_run
cluster_url=$DATABASE_URL # the cluster's superuser: DATABASE_URL becomes the step's database below
cluster=${DATABASE_URL%%\?*}
query=""
case "$DATABASE_URL" in *\?*) query="?${DATABASE_URL#*\?}" ;; esac
db_url="${cluster%/*}/$dbname$query"

pid=""
cleanup() {
  if [ -n "$pid" ]; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  DATA_DIR="$work/data" "$repo/scripts/paypal-emulator.sh" stop >/dev/null 2>&1 || true
  psql -q "$cluster_url" -c "select pg_terminate_backend(active_pid) from pg_replication_slots where database = '$dbname' and active" >/dev/null 2>&1 || true
  psql -q "$cluster_url" -c "drop database if exists $dbname with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

psql -q "$DATABASE_URL" -c "drop database if exists $dbname with (force)" -c "create database $dbname" >/dev/null
mkdir -p "$work/data"
export DATABASE_URL="$db_url" DATA_DIR="$work/data" LISTEN_ADDR="127.0.0.1:$port" SITE_URL="$base" \
  PAYPAL_EMULATOR_PORT=$((port + 1)) AUTHENTICATOR_PASSWORD=pgtest-authenticator FUNCTIONS_DB_PASSWORD=pgtest-functions
unset PAYPAL_CLIENT_ID
scripts/run.sh >"$work/run.log" 2>&1 &
pid=$!

# Ready when the server has rendered every page (its /health says "pages":"ready").
ready=""
for _ in $(seq 1 1800); do
  if ! kill -0 "$pid" 2>/dev/null; then echo "scripts/run.sh exited:"; tail -n 40 "$work/run.log"; exit 1; fi
  state=$(curl -fs "$base/health" | sed -n 's/.*"pages":"\([a-z]*\)".*/\1/p' || true)
  case "$state" in
    ready) ready=1; break ;;
    failed) echo "the server's page render failed:"; tail -n 40 "$work/run.log"; exit 1 ;;
  esac
  sleep 0.5
done
[ -n "$ready" ] || { echo "the server did not report its pages ready within 15 minutes:"; tail -n 40 "$work/run.log"; exit 1; }

ANON_KEY=$(bin/server keys | sed -n 's/^ANON_KEY=//p')
export ANON_KEY
cd frontend
E2E_BASE_URL="$base" npx tsx e2e/lighthouse.ts --json "${LIGHTHOUSE_JSON:-$work/lighthouse.json}"
