#!/usr/bin/env bash
# Lighthouse (npm package, Debian's Chromium, mobile emulation) on /, /vehicles, a car
# page and a blog post, in fr, en and ar, against the built site on the real server
# (seeded database). Prints the four scores and FCP/LCP/TBT/CLS per page; fails only
# when accessibility, best practices or SEO is below 100. Performance
# depends on the machine and is reported, not asserted.
# Needs DATABASE_URL (make test sets it). Port: LIGHTHOUSE_PORT (25490).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh
: "${DATABASE_URL:?DATABASE_URL is required (make test sets it)}"

npm_install frontend
if [ ! -f frontend/dist/index.html ]; then (cd frontend && npm run build >/dev/null); fi

work=$(mktemp -d /tmp/casarent-lighthouse.XXXXXX)
cleanup() {
  "$repo/scripts/test-server.sh" stop lighthouse >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

FRONTEND_DIST="$repo/frontend/dist" SEED=1 start_test_server lighthouse "${LIGHTHOUSE_PORT:-25490}" 2>"$work/start.log" ||
  { cat "$work/start.log"; exit 1; }
cd frontend
E2E_BASE_URL="$SUPABASE_URL" npx tsx e2e/lighthouse.ts --json "${LIGHTHOUSE_JSON:-$work/lighthouse.json}"
