#!/usr/bin/env bash
# A throw-away Dex (github.com/dexidp/dex, a real OpenID Connect provider) on
# loopback for the OAuth tests: scripts/dex.sh build|start|stop|env|status
#
#   DEX_ADDR          listen address                (default 127.0.0.1:27210)
#   DEX_STATE         config, pid and log           (default /tmp/casarent-dex)
#   DEX_REDIRECT_URIS the OAuth client's redirect URIs, space-separated
#                     (default http://127.0.0.1:25381/auth/v1/callback)
#
# Issuer http://$DEX_ADDR/dex, in-memory storage, one static client and two
# static password users (both printed by `env`); its login page is Dex's own.
#
# The binary is built once from the Go module proxy into $(go env GOPATH)/bin.
# Dex's module refers to its gRPC API module by a relative replace that the
# module proxy's copy does not contain, and the proxy's only published API
# version predates the server's gRPC handlers: the build copies the module,
# drops the replace and the gRPC handler files that need the newer API (the
# gRPC admin API is not used here; the OpenID Connect endpoints are untouched).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

DEX_VERSION=v0.0.0-20260806151424-ab64ed778070
DEX_ADDR=${DEX_ADDR:-127.0.0.1:27210}
DEX_STATE=${DEX_STATE:-/tmp/casarent-dex}
DEX_REDIRECT_URIS=${DEX_REDIRECT_URIS:-http://127.0.0.1:25381/auth/v1/callback}
CLIENT_ID=casarent-test
CLIENT_SECRET=casarent-test-secret
USER_EMAIL=dex.user@example.test
USER_PASSWORD=password # the hash below is Dex's example hash of "password"
USER_HASH='$2a$10$2b2cU8CPhOTaGrs1HRQuAueS7JTT5ZHsHSzYiFPm1leZck7Mc8T4W'
USER_ID=08a8684b-db88-4b73-90a9-3cd1661f5466
OTHER_EMAIL=dex.other@example.test # a second user (same password), for linking
OTHER_ID=41331323-6f44-45e6-b3b9-2c4b60c02be5
pidfile="$DEX_STATE/dex.pid"
logfile="$DEX_STATE/dex.log"
bin="$(go env GOPATH)/bin/dex"

build() {
  if [ -x "$bin" ]; then return 0; fi
  echo "dex.sh: building Dex $DEX_VERSION (takes a few minutes, once)" >&2
  local src dir
  dir=$(GOFLAGS=-mod=mod go mod download -json "github.com/dexidp/dex@$DEX_VERSION" | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')
  src=$(mktemp -d)
  cp -r "$dir/." "$src" && chmod -R u+w "$src"
  (
    cd "$src"
    go mod edit -dropreplace github.com/dexidp/dex/api/v2
    rm -f server/apiserver/identities.go server/apiserver/mfa.go server/apiserver/sessions.go \
      server/apiserver/clients.go server/apiserver/connectors.go
    GOFLAGS=-mod=mod go build -o "$bin" ./cmd/dex
  )
  rm -rf "$src"
}

ready() { curl -fsS "http://$DEX_ADDR/dex/.well-known/openid-configuration" >/dev/null 2>&1; }

start() {
  build
  if pid_running "$pidfile"; then return 0; fi
  mkdir -p "$DEX_STATE"
  {
    cat <<EOT
issuer: http://$DEX_ADDR/dex
storage:
  type: memory
web:
  http: $DEX_ADDR
oauth2:
  skipApprovalScreen: true
  passwordConnector: local
enablePasswordDB: true
staticClients:
- id: $CLIENT_ID
  secret: $CLIENT_SECRET
  name: casarent tests
  redirectURIs:
EOT
    for u in $DEX_REDIRECT_URIS; do echo "  - $u"; done
    cat <<EOT
staticPasswords:
- email: $USER_EMAIL
  hash: '$USER_HASH'
  username: dexuser
  userID: $USER_ID
- email: $OTHER_EMAIL
  hash: '$USER_HASH'
  username: dexother
  userID: $OTHER_ID
EOT
  } >"$DEX_STATE/config.yaml"
  nohup "$bin" serve "$DEX_STATE/config.yaml" >"$logfile" 2>&1 &
  echo $! >"$pidfile"
  wait_started "dex.sh: Dex" "$pidfile" "$logfile" ready || exit 1
}

env_() {
  cat <<EOT
DEX_ISSUER=http://$DEX_ADDR/dex
DEX_CLIENT_ID=$CLIENT_ID
DEX_CLIENT_SECRET=$CLIENT_SECRET
DEX_USER_EMAIL=$USER_EMAIL
DEX_USER_PASSWORD=$USER_PASSWORD
DEX_USER_ID=$USER_ID
DEX_OTHER_EMAIL=$OTHER_EMAIL
EOT
}

service_command "$DEX_ADDR" "$pidfile" "${1:-}"
