#!/usr/bin/env bash
# Regenerates frontend/src/lib/database.types.ts (the site's supabase-js
# Database type) from the migrations: a throw-away database on the cluster of
# DATABASE_URL (default: the project cluster of scripts/pg.sh, started if
# needed) is migrated, `server gen types` prints the types, the database is
# dropped. server.TestDatabaseTypesUpToDate fails until this is run after a
# migration changes the exposed schema.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
if [ -z "${DATABASE_URL:-}" ]; then
  bash scripts/pg.sh start >/dev/null
  DATABASE_URL=$(bash scripts/pg.sh url)
fi
db="types_$$"
url=$(python3 -c 'import sys,urllib.parse as u; p=u.urlparse(sys.argv[1]); print(p._replace(path="/"+sys.argv[2]).geturl())' "$DATABASE_URL" "$db")
psql "$DATABASE_URL" -qc "create database $db"
trap 'psql "$DATABASE_URL" -qc "drop database if exists $db with (force)"' EXIT
go build -o "${TMPDIR:-/tmp}/casarent-gen-types" ./cmd/server
# AUTHENTICATOR_URL set: migrate leaves the cluster-wide authenticator password
# alone (a running server or the test template keeps working).
# The rental is the project served (rental/supabase/migrations) unless PROJECT_DIR says otherwise.
export PROJECT_DIR=${PROJECT_DIR:-$repo/rental}
DATABASE_URL=$url AUTHENTICATOR_URL=$url "${TMPDIR:-/tmp}/casarent-gen-types" migrate
DATABASE_URL=$url AUTHENTICATOR_URL=$url PGRST_DB_SCHEMAS=public "${TMPDIR:-/tmp}/casarent-gen-types" gen types > frontend/src/lib/database.types.ts
echo "wrote frontend/src/lib/database.types.ts"
