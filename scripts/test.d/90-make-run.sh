#!/usr/bin/env bash
# `make run` from a fresh clone brings up the site and /health, with every public
# page rendered; a second `make run` after stopping keeps the data. Runs the real
# command in a clone of HEAD, on ports of its own.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
source "$repo/scripts/lib.sh"
work=$(mktemp -d /tmp/casarent-make-run.XXXXXX)
git clone -q "$repo" "$work/main"
cd "$work/main"
# Reuse the installed npm packages so the test measures `make run`, not the network.
if [ -d "$repo/frontend/node_modules" ]; then cp -a "$repo/frontend/node_modules" frontend/ && touch frontend/node_modules/.package-lock.json; fi

# MAKE_RUN_PORT moves the three ports (PostgreSQL, the server, the PayPal emulator) so
# that two checkouts can run this step at once.
port=${MAKE_RUN_PORT:-25481}
export PG_PORT=$port LISTEN_ADDR=127.0.0.1:$((port + 1)) PAYPAL_EMULATOR_PORT=$((port + 2))
# make test exports its own cluster settings; `make run` must use the clone's defaults.
unset DATABASE_URL PG_DATA TEST_SERVER_STATE
base=http://$LISTEN_ADDR
pid=""
cleanup() {
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true
  scripts/paypal-emulator.sh stop >/dev/null 2>&1 || true
  scripts/pg.sh stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

start() {
  make run >"$work/run-$1.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do
    curl -fs "$base/health" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { echo "make run exited:"; tail -n 40 "$work/run-$1.log"; return 1; }
    sleep 0.5
  done
  echo "make run did not become healthy:"; tail -n 40 "$work/run-$1.log"; return 1
}
stop() { kill -TERM "$pid"; wait "$pid" || true; pid=""; }

start 1
grep -q "administrator created" "$work/run-1.log" || { echo "first run printed no admin login"; exit 1; }
grep -q "ANON_KEY=" "$work/run-1.log" || { echo "first run printed no anon key"; exit 1; }
# Each check says what failed (a bare failure under set -e would end the step silently).
curl -fsS -o "$work/page.html" "$base/" || { echo "GET / failed"; tail -n 20 "$work/run-1.log"; exit 1; }
grep -q '<div id="root"' "$work/page.html" || { echo "the site page is not served"; exit 1; }
keys=$(bin/server keys) || { echo "server keys failed"; exit 1; }
anon=$(sed -n 's/^ANON_KEY=//p' <<<"$keys")
service=$(sed -n 's/^SERVICE_ROLE_KEY=//p' <<<"$keys")
# Every public page is rendered ahead of visitors, in every language, from the
# default relative folders: the table of pages holds a render of every page the site has.
pages_state=""
for _ in $(seq 1 1500); do
  pages_state=$(curl -fs "$base/health" | sed -n 's/.*"pages":"\([a-z]*\)".*/\1/p' || true)
  [ "$pages_state" = ready ] || [ "$pages_state" = failed ] && break
  sleep 0.2
done
[ "$pages_state" = ready ] || { echo "public pages not rendered (/health pages: ${pages_state:-none})"; grep -i "pages\|ssr\|render" "$work/run-1.log" | tail -n 10; exit 1; }
metrics=$(curl -fsS "$base/metrics" -H "Authorization: Bearer $service") || { echo "GET /metrics failed"; exit 1; }
site=$(sed -n 's/^site_pages //p' <<<"$metrics")
stored=$(psql -X -At "$(scripts/pg.sh url)" -c "select count(*) from site_pages.pages where source_sum is not null") ||
  { echo "reading the table of pages failed"; exit 1; }
{ [ -n "$site" ] && [ "$site" -gt 0 ] && [ "$stored" = "$site" ]; } ||
  { echo "the table of pages holds ${stored:-?} renders of the site's ${site:-?} pages"; exit 1; }
check_car_page "$base" "$anon" "$work" || exit 1
curl -fsS -o /dev/null -X POST "$base/rest/v1/contacts" -H "apikey: $anon" -H 'content-type: application/json' \
  -d '{"name":"Persist Check","email":"persist@example.com","subject":"s","message":"kept across restarts"}' ||
  { echo "saving a contact failed"; tail -n 20 "$work/run-1.log"; exit 1; }
stop

start 2
# /health answers once the database is reachable; /rest/v1 may still answer 503 for a
# moment while it loads its schema cache after a restart: retry that, nothing else.
n=""
for _ in $(seq 1 60); do
  code=$(curl -s -o "$work/contacts.json" -w '%{http_code}' "$base/rest/v1/contacts?select=id&email=eq.persist@example.com" \
    -H "apikey: $service" -H "Authorization: Bearer $service") || code=000
  if [ "$code" = 200 ]; then n=$(grep -o '"id"' "$work/contacts.json" | wc -l); break; fi
  [ "$code" = 503 ] || { echo "reading the contact back answered $code"; tail -n 20 "$work/run-2.log"; exit 1; }
  sleep 0.5
done
[ -n "$n" ] || { echo "reading the contact back: still 503 after 30 s"; tail -n 20 "$work/run-2.log"; exit 1; }
[ "$n" = 1 ] || { echo "the contact saved before the restart is gone (found $n)"; exit 1; }
grep -q "administrator created" "$work/run-2.log" && { echo "second run created another admin"; exit 1; }
stop
echo "make run: fresh clone up, site and /health served, every public page rendered, data kept across restarts"
