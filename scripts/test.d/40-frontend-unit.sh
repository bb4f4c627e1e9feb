#!/usr/bin/env bash
# The site's static checks and unit tests: typecheck, lint, Vitest, production build.
set -euo pipefail
cd "$(dirname "$0")/../../frontend"
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
quiet() { # run quietly; show the output only when the command fails
  local log; log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then cat "$log"; rm -f "$log"; echo "FAILED: $*" >&2; return 1; fi
  rm -f "$log"
}
quiet npm ci --no-audit --no-fund --loglevel=error
quiet npm run typecheck
quiet npm run lint
NO_COLOR=1 npx vitest run --reporter=dot 2>&1 | grep -v -e "nodedir" -e "^[·x*-]*$" | tail -n 40
quiet npm run build
echo "frontend: typecheck, lint, unit tests and build passed"
