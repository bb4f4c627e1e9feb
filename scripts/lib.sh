# Shared helpers for the scripts (sourced).

step() { printf '\n==> %s\n' "$*"; }

# apt_install installs Debian packages when a command is missing (root only).
apt_install() {
  if [ "$(id -u)" != 0 ]; then echo "missing: $* (install them, or run as root)" >&2; return 1; fi
  if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# ensure_tools installs what the project needs and is missing: PostgreSQL, Go modules.
ensure_tools() {
  if ! command -v pg_ctl >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    step "installing PostgreSQL"
    apt_install postgresql
  fi
  if ! id postgres >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  fi
  go mod download
}
