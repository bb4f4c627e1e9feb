#!/usr/bin/env bash
# A newcomer's own project, not the rental: made in an empty folder with the
# Supabase CLI (init, migration new, functions new, config.toml edited), served
# by the binary started in that folder on a fresh database, used through
# supabase-js (scripts/own-project/app.test.mjs), then migrated further with
# `supabase db push --db-url`, which `server migrate` must take as applied (both
# keep their history in supabase_migrations.schema_migrations).
# Needs DATABASE_URL (a superuser URL of the test cluster; make test sets it).
# Port: OWN_PROJECT_PORT (25475). KEEP=1 keeps the project folder and the logs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh
: "${DATABASE_URL:?DATABASE_URL is required (make test sets it)}"

port=${OWN_PROJECT_PORT:-25475}
base=http://127.0.0.1:$port
work=$(mktemp -d /tmp/casarent-own.XXXXXX)
proj=$work/app
db=own_project_$$
db_url=$(sed -E "s#/postgres(\?|$)#/$db\1#" <<<"$DATABASE_URL")
pid="" build=""
stop_server() { if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; fi; }
cleanup() {
  [ -z "$build" ] || wait "$build" 2>/dev/null || true
  stop_server
  # A walsender may hold the server's replication slot a moment after it stopped,
  # and DROP DATABASE refuses then (FORCE does not help): end it and retry.
  for _ in $(seq 1 30); do
    psql -q "$DATABASE_URL" -c "select pg_terminate_backend(active_pid) from pg_replication_slots where database = '$db' and active" >/dev/null 2>&1 || true
    psql -q "$DATABASE_URL" -c "drop database if exists $db with (force)" >/dev/null 2>&1 && break
    sleep 0.2
  done
  if [ -n "${KEEP:-}" ]; then echo "kept: $work (database $db dropped)"; else rm -rf "$work"; fi
}
trap cleanup EXIT
# The app's failures are told at the end (or with the first of the CLI's steps
# to fail): those steps still run.
problems=()
fail() {
  echo "88-own-project: $*" >&2
  [ ${#problems[@]} = 0 ] || printf '88-own-project: also %s\n' "${problems[@]}" >&2
  exit 1
}
log_tail() { echo "--- server log" >&2; grep -v '"path":"/health"' "$work/server.log" | tail -n 30 >&2 || true; }

ensure_deno
ensure_supabase_cli
npm_install scripts/own-project
# The site inside the binary, as in the image: a bare project must still not get it.
if [ ! -f frontend/dist/index.html ]; then npm_install frontend && (cd frontend && npm run build >/dev/null); fi
# Built while the CLI makes the project (each of its commands takes a second or more).
go build -tags embedui -o "$work/server" ./cmd/server >"$work/build.log" 2>&1 &
build=$!

# The CLI as a newcomer runs it, minus its update check and telemetry (no internet
# here), with a home of its own; stdin closed: a prompt takes its default.
mkdir -p "$proj" "$work/home"
sb() { (cd "$proj" && HOME="$work/home" SUPABASE_NO_UPDATE_NOTIFIER=1 SUPABASE_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 \
  "$repo/.tools/supabase/node_modules/.bin/supabase" "$@" </dev/null); }
# cli ARGS...: sb, its output kept in $work/cli.txt and shown if it fails.
cli() { sb "$@" >"$work/cli.txt" 2>&1 || { cat "$work/cli.txt" >&2; fail "supabase $* failed"; }; }
# The project's files as the newcomer wrote them (scripts/own-project/project).
src=scripts/own-project/project

step "supabase init, migration new todos, functions new hello, config.toml edited"
cli init
cli migration new todos
first=$(ls "$proj"/supabase/migrations/*_todos.sql)
cp "$src/todos.sql" "$first"
v1=$(basename "$first" | cut -d_ -f1)
cli functions new hello
cp "$src/hello.ts" "$proj/supabase/functions/hello/index.ts"
cfg=$proj/supabase/config.toml
sed -i -e 's/^enable_anonymous_sign_ins = false$/enable_anonymous_sign_ins = true/' \
  -e 's/^# \[storage\.buckets\.images\]$/[storage.buckets.avatars]/' \
  -e '/^\[storage\.buckets\.avatars\]$/{n;s/^# public = false$/public = false/}' \
  -e '/^\[functions\.hello\]$/,/^\[/s/^verify_jwt = false$/verify_jwt = true/' "$cfg"
# The template the edits expect is the CLI's: say so if it changed.
for want in '^enable_anonymous_sign_ins = true$' '^\[storage\.buckets\.avatars\]$' '^public = false$' '^verify_jwt = true$'; do
  grep -q "$want" "$cfg" || fail "config.toml of supabase init has no line to edit into $want"
done

wait "$build" || { cat "$work/build.log" >&2; fail "go build -tags embedui ./cmd/server failed"; }
step "serving the project from its folder on the fresh database $db"
wal_level=$(psql -Atq "$DATABASE_URL" -c 'show wal_level')
[ "$wal_level" = logical ] || fail "the cluster runs with wal_level=$wal_level; realtime needs logical (scripts/pg.sh starts clusters so)"
psql "$DATABASE_URL" -qc "create database $db" >/dev/null
# Roles are the cluster's: the authenticator and the functions' role keep the
# passwords the other suites use. No PROJECT_DIR: the working folder is the project.
in_project=(env -u PROJECT_DIR DATABASE_URL="$db_url" DATA_DIR="$work/data" LISTEN_ADDR="127.0.0.1:$port"
  DENO_PATH="$repo/.tools/deno/node_modules/.bin/deno" AUTHENTICATOR_PASSWORD=pgtest-authenticator FUNCTIONS_DB_PASSWORD=pgtest-functions
  SITE_URL="$base" API_EXTERNAL_URL="$base")
(cd "$proj" && exec "${in_project[@]}" "$work/server") >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  curl -fs "$base/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { log_tail; fail "the server exited at start"; }
  sleep 0.2
done
curl -fs "$base/health" >/dev/null || { log_tail; fail "the server did not answer /health within 60 s"; }
keys=$(cd "$proj" && "${in_project[@]}" "$work/server" keys) || fail "server keys failed"

step "the app (supabase-js)"
(cd scripts/own-project && SUPABASE_URL=$base ANON_KEY=$(sed -n 's/^ANON_KEY=//p' <<<"$keys") node --test --test-force-exit --test-reporter=spec app.test.mjs) ||
  { log_tail; problems+=("the app failed against the server (its tests above)"); }
[ "$(psql -Atq "$db_url" -c "select to_regclass('public.cars') is null")" = t ] || problems+=("the database of a bare project has the rental's public.cars")

step "supabase migration list --db-url: the server applied $v1 and recorded it as the CLI does"
cli migration list --db-url "$db_url"
grep -qE "^\s*\`$v1\`\s*\|\s*\`$v1\`\s*\|" "$work/cli.txt" || { cat "$work/cli.txt"; fail "migration $v1 is not listed as both local and remote"; }
# A version with no local file makes db push refuse: the platform's own migrations stay out of this table.
if grep -qE '^\s*` `\s*\|' "$work/cli.txt"; then cat "$work/cli.txt"; fail "versions recorded with no file in supabase/migrations"; fi
[ "$(psql -Atq "$db_url" -c "select name from supabase_migrations.schema_migrations where version = '$v1' and cardinality(statements) > 0")" = todos ] ||
  fail "$v1 is not recorded with its name (todos) and its statements: $(psql -Atq "$db_url" -c 'select version, name, statements from supabase_migrations.schema_migrations')"

step "a second migration, applied by supabase db push --db-url"
sleep 1 # migration new names by the second: the second one must come after
cli migration new labels
second=$(ls "$proj"/supabase/migrations/*_labels.sql)
cp "$src/labels.sql" "$second"
v2=$(basename "$second" | cut -d_ -f1)
cli db push --yes --db-url "$db_url"
[ "$(grep -c '^Applying migration' "$work/cli.txt")" = 1 ] && grep -q "^Applying migration ${v2}_labels.sql" "$work/cli.txt" ||
  { cat "$work/cli.txt"; fail "db push did not apply ${v2}_labels.sql alone"; }
recorded=$(psql -Atq "$db_url" -c "select md5(statements::text) from supabase_migrations.schema_migrations where version = '$v2'")

step "server migrate in the same folder: ${v2}_labels.sql is applied already"
stop_server
pending=$(cd "$proj" && "${in_project[@]}" "$work/server" migrate --dry-run 2>&1) || fail "server migrate --dry-run failed: $pending"
[ "$pending" = "nothing to apply" ] || fail "server migrate --dry-run after db push: $pending (want nothing to apply)"
(cd "$proj" && "${in_project[@]}" "$work/server" migrate) >"$work/migrate.log" 2>&1 || { cat "$work/migrate.log"; fail "server migrate failed (did it run ${v2}_labels.sql again?)"; }
[ "$(psql -Atq "$db_url" -c 'select count(*) from public.labels')" = 1 ] || fail "public.labels has not 1 row: ${v2}_labels.sql ran again"
[ "$(psql -Atq "$db_url" -c "select md5(statements::text) from supabase_migrations.schema_migrations where version = '$v2'")" = "$recorded" ] ||
  fail "server migrate rewrote the CLI's record of $v2"
cli migration list --db-url "$db_url"
for v in "$v1" "$v2"; do
  grep -qE "^\s*\`$v\`\s*\|\s*\`$v\`\s*\|" "$work/cli.txt" || { cat "$work/cli.txt"; fail "after server migrate, $v is not listed as both local and remote"; }
done
cli db push --dry-run --db-url "$db_url"
grep -q 'up to date' "$work/cli.txt" || { cat "$work/cli.txt"; fail "after server migrate, db push --dry-run would push something"; }
[ ${#problems[@]} = 0 ] || fail "the project's steps with the CLI passed, but:"
echo "own project: made with the Supabase CLI, served from its folder, used through supabase-js, migrated by the CLI and the server alike"
