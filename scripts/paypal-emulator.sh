#!/usr/bin/env bash
# The local PayPal emulator for development (rental/paypal/emulator):
#   eval "$(scripts/paypal-emulator.sh start)"   # prints the PAYPAL_* settings to export
#   scripts/paypal-emulator.sh stop|status
#
#   PAYPAL_EMULATOR_PORT        listen port on 127.0.0.1 (default 54360)
#   PAYPAL_EMULATOR_PUBLIC_URL  base of the approval links, when browsers reach it elsewhere
# It refuses to start with ENVIRONMENT=production (prints nothing to export). Payments through it are simulated:
# no money moves, and the site labels them so (PAYPAL_SIMULATED=true).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
source scripts/lib.sh
state=${DATA_DIR:-$repo/.data}/paypal-emulator
port=${PAYPAL_EMULATOR_PORT:-54360}
url="http://127.0.0.1:$port"
id=emulator-client secret=emulator-secret

running() { pid_running "$state/pid"; }

case "${1:-}" in
start)
  if [ "${ENVIRONMENT:-}" = production ]; then
    # Refuse, but let `make run` go on: online payment is then simply off.
    echo "paypal-emulator.sh: refusing to simulate payments with ENVIRONMENT=production (online payment stays off)" >&2
    exit 0
  fi
  mkdir -p "$state"
  if ! running; then
    go build -o "$state/paypal-emulator" ./rental/paypal/emulator/cmd/paypal-emulator >&2
    nohup "$state/paypal-emulator" -addr "127.0.0.1:$port" -client-id "$id" -client-secret "$secret" \
      ${PAYPAL_EMULATOR_PUBLIC_URL:+-public-url "$PAYPAL_EMULATOR_PUBLIC_URL"} >"$state/emulator.log" 2>&1 &
    echo $! >"$state/pid"
    wait_started "paypal-emulator.sh: the emulator" "$state/pid" "$state/emulator.log" curl -fso /dev/null "$url/" || exit 1
  fi
  echo "export PAYPAL_CLIENT_ID=$id PAYPAL_CLIENT_SECRET=$secret PAYPAL_BASE_URL=$url PAYPAL_SIMULATED=true"
  ;;
stop)
  stop_pidfile "$state/pid"
  ;;
status)
  if running; then echo "PayPal emulator running on $url (pid $(cat "$state/pid"))"; else echo "PayPal emulator not running"; exit 1; fi
  ;;
*) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
