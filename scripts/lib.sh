# Shared helpers for the scripts (sourced).

step() { printf '\n==> %s\n' "$*"; }

# start_test_server NAME PORT: scripts/test-server.sh start, then its variables
# (SUPABASE_URL, ANON_KEY, ...) exported here. A plain eval "$(...)" would hide a
# failed start (eval of nothing succeeds); this returns 1 instead.
start_test_server() {
  local out
  out=$("$(dirname "${BASH_SOURCE[0]}")/test-server.sh" start "$@") || { echo "test server $1 did not start" >&2; return 1; }
  eval "$out"
}

# apt_install installs Debian packages (root only; the machines here run as root).
apt_install() {
  if [ "$(id -u)" != 0 ]; then echo "missing: $* (install them, or run as root)" >&2; return 1; fi
  if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

have_pg() { command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; }

# ensure_tools installs what the project needs and is missing: PostgreSQL (server
# and psql), curl, Go modules. ensure_browser adds Chromium for the browser tests.
ensure_tools() {
  local missing=()
  have_pg || missing+=(postgresql)
  command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  if [ ${#missing[@]} -gt 0 ]; then step "installing ${missing[*]}"; apt_install "${missing[@]}"; fi
  if ! id postgres >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  fi
  command -v go >/dev/null 2>&1 || { echo "Go is required (https://go.dev/dl)" >&2; return 1; }
  command -v npm >/dev/null 2>&1 || { echo "Node.js 20+ with npm is required" >&2; return 1; }
  go mod download
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
