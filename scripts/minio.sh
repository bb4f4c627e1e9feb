#!/usr/bin/env bash
# A throw-away MinIO server on loopback for the S3 tests: scripts/minio.sh build|start|stop|env|status
#
#   MINIO_ADDR      listen address             (default 127.0.0.1:9400; console on port+1)
#   MINIO_DATA      data directory             (default /tmp/casarent-minio/data)
#   MINIO_BUCKET    bucket the tests use       (default casarent-test; the backend creates it)
#
#   MINIO_CACHE     where built binaries are kept (default ${XDG_CACHE_HOME:-~/.cache}/casarent/minio)
#
# No registry this project reaches ships a MinIO binary (Debian has none, the npm
# packages download one at install time), so it is built from the Go module proxy
# once per MINIO_VERSION (minutes on a cold machine) into MINIO_CACHE/<version>/,
# outside the work tree: every clone and CI run on the machine reuses it, and a
# changed version never runs an old binary. Concurrent test processes build it
# once (a lock), and a build that fails or is cut leaves nothing half-written.
# Credentials are fixed test values, printed by `env` as the STORAGE_S3_* variables
# the server and the tests read.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c
MINIO_ADDR=${MINIO_ADDR:-127.0.0.1:9400}
MINIO_DATA=${MINIO_DATA:-/tmp/casarent-minio/data}
MINIO_BUCKET=${MINIO_BUCKET:-casarent-test}
ACCESS_KEY=casarent-minio
SECRET_KEY=casarent-minio-secret-key
host=${MINIO_ADDR%:*}
port=${MINIO_ADDR##*:}
console="$host:$((port + 1))"
state=$(dirname "$MINIO_DATA")
pidfile="$state/minio.pid"
logfile="$state/minio.log"
MINIO_CACHE=${MINIO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/casarent/minio}
bin="$MINIO_CACHE/$MINIO_VERSION/minio"

build() {
  if [ -x "$bin" ]; then return 0; fi
  mkdir -p "$MINIO_CACHE"
  exec 9>"$MINIO_CACHE/build.lock"
  flock 9
  if [ -x "$bin" ]; then exec 9>&-; return 0; fi # another process built it meanwhile
  echo "minio.sh: building MinIO $MINIO_VERSION into $MINIO_CACHE (minutes, once per version and machine)" >&2
  local tmp
  tmp=$(mktemp -d "$MINIO_CACHE/build.XXXXXX")
  if ! GOBIN="$tmp" go install "github.com/minio/minio@$MINIO_VERSION"; then
    rm -rf "$tmp"
    exit 1
  fi
  mkdir -p "$(dirname "$bin")"
  mv "$tmp/minio" "$bin"
  rm -rf "$tmp"
  exec 9>&-
}

ready() { curl -fsS "http://$MINIO_ADDR/minio/health/ready" >/dev/null 2>&1; }

start() {
  build
  if pid_running "$pidfile"; then return 0; fi
  mkdir -p "$MINIO_DATA"
  MINIO_ROOT_USER=$ACCESS_KEY MINIO_ROOT_PASSWORD=$SECRET_KEY MINIO_BROWSER=off \
    nohup "$bin" server --quiet --address "$MINIO_ADDR" --console-address "$console" "$MINIO_DATA" >"$logfile" 2>&1 &
  echo $! >"$pidfile"
  # The bucket itself is created by the s3 backend on first use.
  wait_started "minio.sh: MinIO" "$pidfile" "$logfile" ready || exit 1
}

env_() {
  cat <<EOT
STORAGE_S3_ENDPOINT=http://$MINIO_ADDR
STORAGE_S3_BUCKET=$MINIO_BUCKET
STORAGE_S3_ACCESS_KEY=$ACCESS_KEY
STORAGE_S3_SECRET_KEY=$SECRET_KEY
STORAGE_S3_REGION=us-east-1
STORAGE_S3_FORCE_PATH_STYLE=true
EOT
}

service_command "$MINIO_ADDR" "$pidfile" "${1:-}"
