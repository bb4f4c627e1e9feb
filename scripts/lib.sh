# Shared helpers for the scripts (sourced).

step() { printf '\n==> %s\n' "$*"; }

# The project the scripts' servers serve: the rental's (rental/supabase), unless
# PROJECT_DIR names another. The binary itself serves its working folder's.
export PROJECT_DIR="${PROJECT_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/rental}"

# start_test_server NAME PORT: scripts/test-server.sh start, then its variables
# (SUPABASE_URL, ANON_KEY, ...) exported here. A plain eval "$(...)" would hide a
# failed start (eval of nothing succeeds); this returns 1 instead.
start_test_server() {
  local out
  out=$("$(dirname "${BASH_SOURCE[0]}")/test-server.sh" start "$@") || { echo "test server $1 did not start" >&2; return 1; }
  eval "$out"
}

# A background service the scripts start (scripts/dex.sh, scripts/minio.sh,
# scripts/paypal-emulator.sh) is known by the file holding its pid.

# pid_running PIDFILE: the process whose pid PIDFILE holds is alive.
pid_running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# wait_started WHAT PIDFILE LOGFILE READY...: waits (20 s at most) until the
# command READY... succeeds while the process lives; otherwise says that WHAT
# did not start, shows its log and returns 1.
wait_started() {
  local what=$1 pidfile=$2 logfile=$3
  shift 3
  for _ in $(seq 1 100); do
    if "$@"; then return 0; fi
    if ! pid_running "$pidfile"; then break; fi
    sleep 0.2
  done
  echo "$what did not start; log:" >&2
  cat "$logfile" >&2 || true
  return 1
}

# stop_pidfile PIDFILE: ends the process and waits (5 s at most) for it to go.
stop_pidfile() {
  if pid_running "$1"; then
    kill "$(cat "$1")"
    for _ in $(seq 1 50); do pid_running "$1" || break; sleep 0.1; done
  fi
  rm -f "$1"
}

# service_command ADDR PIDFILE COMMAND runs the command line of a service script
# (build|start|stop|env|status) over the functions the script defines: build,
# start, env_ (its settings) and ready (it answers on ADDR).
service_command() {
  local addr=$1 pidfile=$2
  case "${3:-}" in
    build) build ;;
    start) start ;;
    stop) stop_pidfile "$pidfile" ;;
    env) env_ ;;
    status) if pid_running "$pidfile" && ready; then echo "running on $addr"; else echo "stopped"; exit 1; fi ;;
    *) echo "usage: $0 build|start|stop|env|status" >&2; exit 2 ;;
  esac
}

# apt_install installs Debian packages (root only; the machines here run as root).
apt_install() {
  if [ "$(id -u)" != 0 ]; then echo "missing: $* (install them, or run as root)" >&2; return 1; fi
  if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

have_pg() { command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; }

# pg_major is the major version of the PostgreSQL scripts/pg.sh runs (its pg_ctl).
pg_major() {
  local ctl
  ctl=$(command -v pg_ctl 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1)
  [ -n "$ctl" ] && "$ctl" --version | sed -nE 's/^[^0-9]*([0-9]+).*/\1/p'
}

# ensure_postgis installs Debian's PostGIS for that PostgreSQL when its extension
# control file is missing (the REST contract fixture creates the extension).
ensure_postgis() {
  local major
  major=$(pg_major) || true
  [ -n "$major" ] || return 0
  [ -f "/usr/share/postgresql/$major/extension/postgis.control" ] && return 0
  step "installing postgresql-$major-postgis-3"
  apt_install "postgresql-$major-postgis-3"
}

# ensure_tools installs what the project needs and is missing: PostgreSQL (server
# and psql), PostGIS, curl, Go modules. ensure_browser adds Chromium for the browser tests.
ensure_tools() {
  local missing=()
  have_pg || missing+=(postgresql)
  command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  if [ ${#missing[@]} -gt 0 ]; then step "installing ${missing[*]}"; apt_install "${missing[@]}"; fi
  ensure_postgis
  if ! id postgres >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  fi
  command -v go >/dev/null 2>&1 || { echo "Go is required (https://go.dev/dl)" >&2; return 1; }
  command -v npm >/dev/null 2>&1 || { echo "Node.js 20+ with npm is required" >&2; return 1; }
  ensure_deno
  ensure_pgmeta
  go mod download
}

# DENO_VERSION is the Deno that runs the TypeScript functions (functions/README.md),
# installed from npm (the package ships the binary) into .tools/deno, where the
# server looks first (DENO_PATH).
DENO_VERSION=2.9.6 # also in Dockerfile
ensure_deno() {
  local root bin
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  bin="$root/.tools/deno/node_modules/.bin/deno"
  if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "^deno $DENO_VERSION "; then return 0; fi
  step "installing Deno $DENO_VERSION (npm package deno) into .tools/deno"
  npm install --prefix "$root/.tools/deno" --no-save --no-audit --no-fund --loglevel=error "deno@$DENO_VERSION"
}

# PG_META_VERSION is the postgres-meta that /pg serves to Supabase Studio, run by
# the Deno above (pgmeta/README.md), installed from npm into .tools/pgmeta, where
# the server looks first (PG_META_PATH). package.json names it, so that Deno
# resolves its imports from that folder's node_modules.
PG_META_VERSION=0.99.0 # also in Dockerfile and pgmeta.Version
ensure_pgmeta() {
  local root dir
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  dir="$root/.tools/pgmeta"
  if grep -qs "\"version\": \"$PG_META_VERSION\"" "$dir/node_modules/@supabase/postgres-meta/package.json" && [ -f "$dir/package.json" ]; then return 0; fi
  step "installing postgres-meta $PG_META_VERSION (npm package @supabase/postgres-meta) into .tools/pgmeta"
  mkdir -p "$dir"
  printf '{"private": true}\n' >"$dir/package.json"
  npm install --prefix "$dir" --save-exact --no-audit --no-fund --loglevel=error "@supabase/postgres-meta@$PG_META_VERSION"
}

# SUPABASE_CLI_VERSION is the Supabase CLI (npm package supabase: a launcher and
# the binary of its optional dependency @supabase/cli-<platform>) that
# scripts/test.d/88-own-project.sh uses as a newcomer would, installed into .tools/supabase.
SUPABASE_CLI_VERSION=2.117.0
ensure_supabase_cli() {
  local root bin
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  bin="$root/.tools/supabase/node_modules/.bin/supabase"
  if [ -x "$bin" ] && [ "$("$bin" --version 2>/dev/null)" = "$SUPABASE_CLI_VERSION" ]; then return 0; fi
  step "installing the Supabase CLI $SUPABASE_CLI_VERSION (npm package supabase) into .tools/supabase"
  npm install --prefix "$root/.tools/supabase" --no-save --no-audit --no-fund --loglevel=error "supabase@$SUPABASE_CLI_VERSION"
}

ensure_browser() {
  if [ ! -x /usr/bin/chromium ]; then step "installing Chromium (Debian package)"; apt_install chromium fonts-dejavu-core fonts-noto-core; fi
}

# npm_install installs a folder's locked npm packages when they are missing or stale.
npm_install() {
  local dir=$1
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# check_car_page BASE ANON_KEY WORKDIR: a car's page, as the server answers it, is
# rendered (its root holds the page, not the empty shell) and names the car.
check_car_page() {
  local base=$1 anon=$2 work=$3 slug name
  curl -fsS "$base/rest/v1/cars?select=slug,name&order=id&limit=1" -H "apikey: $anon" -o "$work/car.json" ||
    { echo "reading a car failed"; return 1; }
  slug=$(sed -n 's/.*"slug":"\([^"]*\)".*/\1/p' "$work/car.json")
  name=$(sed -n 's/.*"name":"\([^"]*\)".*/\1/p' "$work/car.json")
  [ -n "$slug" ] || { echo "no car in the fleet: $(cat "$work/car.json")"; return 1; }
  curl -fsS "$base/cars/$slug?lang=en" -o "$work/car.html" || { echo "GET /cars/$slug failed"; return 1; }
  grep -q '<div id="root"></div>' "$work/car.html" && { echo "/cars/$slug is the empty shell, not the rendered page"; return 1; }
  grep -qF "$name" "$work/car.html" || { echo "/cars/$slug does not name the car $name"; return 1; }
  return 0
}
