#!/usr/bin/env bash
# Writes the migration that brings the rental's migrated schema to what its schema
# files say (docs/schema.md): builds two databases on the cluster of DATABASE_URL,
# one from the migrations, one from rental/supabase/schemas in config.toml's
# schema_paths order, and diffs them with migra (@pgkit/migra, run by npx) plus the
# comments, which migra leaves out.
#
#   DATABASE_URL=postgres://…  scripts/schema-diff.sh NAME       # rental/supabase/migrations/<now>_NAME.sql
#   VERSION=20261208020000 scripts/schema-diff.sh NAME           # a chosen version
#
# Review the file before committing it with the schema change. What it does not
# write (rows of the rule tables, renames, a column's type change that needs a USING)
# is in docs/schema.md.
set -euo pipefail
name="${1:?usage: $0 NAME, the name of the migration}"
: "${DATABASE_URL:?DATABASE_URL must name a cluster (a superuser URL)}"
project="${PROJECT:-rental}"
# Now, or just after the last migration if that one is dated later (a squash keeps
# the version of the last file it replaced): migrations apply in version order.
last=$(ls "$project/supabase/migrations" 2>/dev/null | grep -Eo '^[0-9]{14}' | sort | tail -1 || true)
version="${VERSION:-$(date -u +%Y%m%d%H%M%S)}"
if [[ -z "${VERSION:-}" && -n "$last" && "$version" -le "$last" ]]; then
  version=$(date -u -d "$(sed -E 's/(....)(..)(..)(..)(..)(..)/\1-\2-\3 \4:\5:\6/' <<<"$last") UTC + 1 second" +%Y%m%d%H%M%S)
fi
out="$project/supabase/migrations/${version}_${name}.sql"
[[ -e "$out" ]] && { echo "$out exists" >&2; exit 1; }

# The same cluster, two databases of the tool's own.
from=$(sed -E 's#/[^/?]*([?]|$)#/schema_diff_from\1#' <<<"$DATABASE_URL")
to=$(sed -E 's#/[^/?]*([?]|$)#/schema_diff_to\1#' <<<"$DATABASE_URL")
go run ./scripts/schemadb -project "$project" -from migrations "$from"
go run ./scripts/schemadb -project "$project" -from schemas "$to"

body=$(mktemp); trap 'rm -f "$body"' EXIT
npx -y @pgkit/migra@0.6.1 run "$from" "$to" --unsafe --with-privileges \
  --exclude-schema migrations supabase_migrations > "$body"

# Comments on the project's objects, as statements; those that differ are written.
comments() {
  psql -X -At -v ON_ERROR_STOP=1 "$1" <<'SQL'
select format('comment on %s %s is %L;',
              case o.type when 'table column' then 'column' else o.type end, o.identity, d.description)
from pg_description d, pg_identify_object(d.classoid, d.objoid, d.objsubid) o
where o.schema in ('public', 'private') and o.type in ('table', 'table column', 'view', 'function', 'index', 'sequence')
union all
select format('comment on policy %I on %s is %L;', p.polname, p.polrelid::regclass, d.description)
from pg_policy p join pg_description d on d.classoid = 'pg_policy'::regclass and d.objoid = p.oid
union all
select format('comment on trigger %I on %s is %L;', g.tgname, g.tgrelid::regclass, d.description)
from pg_trigger g join pg_description d on d.classoid = 'pg_trigger'::regclass and d.objoid = g.oid
order by 1
SQL
}
fromc=$(mktemp); toc=$(mktemp); trap 'rm -f "$body" "$fromc" "$toc"' EXIT
comments "$from" > "$fromc"; comments "$to" > "$toc"
# A comment that went away: "comment on … is null", for the objects still there.
removed=$(comm -23 "$fromc" "$toc" | sed -E "s/ is '.*';\$/ is null;/" | sort -u)
added=$(comm -13 "$fromc" "$toc")

changes=$(grep -v '^\s*$' "$body" | grep -vc '^set check_function_bodies' || true)
if [[ "$changes" == 0 && -z "$removed$added" ]]; then
  echo "no difference: the migrations already build what the schema files say"; exit 0
fi
{
  echo "-- Made by scripts/schema-diff.sh from rental/supabase/schemas (docs/schema.md); reviewed."
  echo "-- The schema files state every grant: Supabase's default grants on public are"
  echo "-- suspended while this runs, as when the files load (migrations.ApplySchemas)."
  echo "alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;"
  echo "alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;"
  echo "alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;"
  echo
  grep -v '^\s*$' "$body" | sed 's/^set check_function_bodies = off;$/set local check_function_bodies = off;/' || true
  [[ -n "$removed" ]] && printf '%s\n' "$removed"
  [[ -n "$added" ]] && printf '%s\n' "$added"
  echo
  echo "alter default privileges in schema public grant all on tables to anon, authenticated, service_role;"
  echo "alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;"
  echo "alter default privileges in schema public grant all on functions to anon, authenticated, service_role;"
} > "$out"
echo "wrote $out"
if grep -Eiq 'drop (table|column)|alter column .* type' "$out"; then
  echo "note: it drops a table or column or changes a type: a rename or a kept value needs a hand-written step" >&2
fi
echo "review it, then: go test ./migrations/ -run TestSchemaFiles"
