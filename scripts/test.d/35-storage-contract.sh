#!/usr/bin/env bash
# The storage contract suite (storage/contract, @supabase/supabase-js from npm)
# against the real server, once with the filesystem backend and once with S3
# (a MinIO started here on loopback; built from the Go module proxy the first
# time, which takes a few minutes). Needs DATABASE_URL (make test sets it).
# Ports: STORAGE_CONTRACT_FILE_PORT (25371), STORAGE_CONTRACT_S3_PORT (25372),
# STORAGE_TEST_MINIO_PORT (9410), for running beside another copy of the suite.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh

(cd storage/contract && { [ -d node_modules/@supabase/supabase-js ] || npm ci --no-audit --no-fund >/dev/null; })

suite() { # name port
  local name=$1 port=$2
  FIXTURE_SQL="scripts/contract/users.sql storage/contract/fixture.sql" start_test_server "$name" "$port" || return 1
  local status
  status=$(curl -s -o /dev/null -w '%{http_code}' "$SUPABASE_URL/storage/v1/bucket" -H "Authorization: Bearer $SERVICE_ROLE_KEY")
  if [ "$status" != 200 ]; then
    echo "35-storage-contract: GET /storage/v1/bucket answered $status: /storage/v1 is not served by bin/server" >&2
    tail -n 20 "$SERVER_LOG" >&2 || true
    scripts/test-server.sh stop "$name"
    return 1
  fi
  local rc=0
  (cd storage/contract && node --test --test-concurrency=1) || rc=$?
  if [ $rc != 0 ]; then tail -n 40 "$SERVER_LOG" >&2 || true; fi
  scripts/test-server.sh stop "$name"
  return $rc
}

echo "-- storage contract, STORAGE_BACKEND=file"
export STORAGE_BACKEND=file
suite storage-file "${STORAGE_CONTRACT_FILE_PORT:-25371}"

echo "-- storage contract, STORAGE_BACKEND=s3 (MinIO)"
minio_dir=$(mktemp -d /tmp/casarent-minio-contract.XXXXXX)
export MINIO_ADDR=127.0.0.1:${STORAGE_TEST_MINIO_PORT:-9410} MINIO_DATA=$minio_dir/data
trap 'scripts/minio.sh stop >/dev/null 2>&1 || true; rm -rf "$minio_dir"' EXIT
scripts/minio.sh start
set -a
eval "$(scripts/minio.sh env)"
set +a
export STORAGE_BACKEND=s3
suite storage-s3 "${STORAGE_CONTRACT_S3_PORT:-25372}"
# The bytes really went to MinIO (a single-drive MinIO keeps one folder per object).
if [ ! -d "$MINIO_DATA/$STORAGE_S3_BUCKET/contract-private" ]; then
  echo "35-storage-contract: nothing was stored in MinIO; was the server on the s3 backend?" >&2
  exit 1
fi
