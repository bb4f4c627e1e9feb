#!/usr/bin/env bash
# make test: every test of the project on a throw-away PostgreSQL cluster.
#   Go tests (unit + integration), then the Node contract suites and the browser
#   end-to-end tests against the real server binary.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
source scripts/lib.sh

ensure_tools
ensure_browser

run_dir=$(mktemp -d /tmp/casarent-test.XXXXXX)
export PG_DATA=${TEST_PG_DATA:-$run_dir/pg}
# Servers started by the suites keep their state here, apart from any other run.
export TEST_SERVER_STATE=$run_dir/servers
export PG_PORT=${TEST_PG_PORT:-25330}
cleanup() { scripts/pg.sh stop >/dev/null 2>&1 || true; [ -n "${TEST_PG_DATA:-}" ] || rm -rf "$run_dir"; }
trap cleanup EXIT
scripts/pg.sh start
export DATABASE_URL=$(scripts/pg.sh url)

# MinIO is built once per machine and kept (scripts/minio.sh): on a machine that has
# not built it yet, the build starts now, beside the static checks, instead of
# inside the storage tests that need it (they wait on the same lock).
bash scripts/minio.sh build >"$run_dir/minio-build.log" 2>&1 &

step "go vet"
go vet ./...
step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go'))
if [ -n "$unformatted" ]; then echo "gofmt needed:"; echo "$unformatted"; exit 1; fi

step "go mod tidy"
# go.mod and go.sum say what the code uses: fails when tidy would change them.
go mod tidy -diff

step "staticcheck"
# Pinned; fetched from the Go module proxy on first use, like the modules.
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

step "go test"
go test -count=1 -timeout 20m ./...

for suite in scripts/test.d/*.sh; do
  [ -e "$suite" ] || continue
  step "$(basename "$suite" .sh)"
  bash "$suite"
done
step "all tests passed"
