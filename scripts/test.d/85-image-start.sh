#!/usr/bin/env bash
# The binary started as the container image starts it: built with the site inside
# (-tags embedui), as a user that is not root, from the working folder /, with no
# DATA_DIR set (the Dockerfile sets none). The public pages must be rendered and a
# function deployed over HTTP must answer: both once depended on the folder the
# server was started from.
# Needs DATABASE_URL (a superuser URL of the test cluster; make test sets it).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
source scripts/lib.sh
: "${DATABASE_URL:?DATABASE_URL is required (make test sets it)}"

port=${IMAGE_START_PORT:-25470}
base=http://127.0.0.1:$port
work=$(mktemp -d /tmp/casarent-image.XXXXXX)
chmod 755 "$work"
pid=""
cleanup() {
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

if [ ! -f frontend/dist/index.html ]; then npm_install frontend && (cd frontend && npm run build >/dev/null); fi
step "building the server with the site inside (-tags embedui)"
go build -tags embedui -o "$work/server" ./cmd/server
ensure_deno
cp -L .tools/deno/node_modules/.bin/deno "$work/deno"
chmod 755 "$work/server" "$work/deno"

# The image's user: not root, its home its only writable folder. Here, when run as
# root, nobody with a home made for it; otherwise the user running the tests.
home="$work/home"
mkdir -p "$home"
as_user=()
if [ "$(id -u)" = 0 ]; then
  chown nobody "$home"
  as_user=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups --)
fi
# A database of its own, so the seed and the server touch no other suite's data.
# Roles are the cluster's: the authenticator and the functions' role keep the passwords the other suites use.
db=image_start_$$
psql "$DATABASE_URL" -qc "create database $db" >/dev/null
db_url=$(sed -E "s#/postgres(\?|$)#/$db\1#" <<<"$DATABASE_URL")
trap 'cleanup; psql "$DATABASE_URL" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true' EXIT

# The image's environment (Dockerfile: LISTEN_ADDR, DENO_PATH, PROJECT_DIR), nothing else of ours,
# and its working folder, /.
# The rental's project where the image keeps it (Dockerfile: /project).
mkdir -p "$work/project" && cp -r "$repo/rental/supabase" "$work/project/" && chmod -R a+rX "$work/project"
image=(env -i PATH=/usr/bin:/bin HOME="$home" LISTEN_ADDR="127.0.0.1:$port" DENO_PATH="$work/deno" PROJECT_DIR="$work/project"
  DATABASE_URL="$db_url" AUTHENTICATOR_PASSWORD=pgtest-authenticator FUNCTIONS_DB_PASSWORD=pgtest-functions SITE_URL="$base" "${as_user[@]}" "$work/server")
in_image() { (cd / && exec "${image[@]}" "$@"); }

step "seeding, then serving, as $( [ ${#as_user[@]} -gt 0 ] && echo nobody || id -un ) from /"
in_image seed >"$work/seed.log" 2>&1 || { echo "server seed failed:"; tail -n 20 "$work/seed.log"; exit 1; }
(cd / && exec "${image[@]}") >"$work/server.log" 2>&1 &
pid=$! # the server itself (exec), so that cleanup stops it
for _ in $(seq 1 1500); do
  state=$(curl -fs "$base/health" | sed -n 's/.*"pages":"\([a-z]*\)".*/\1/p' || true)
  [ "$state" = ready ] && break
  [ "$state" = failed ] && { echo "the public pages failed to render:"; tail -n 20 "$work/server.log"; exit 1; }
  kill -0 "$pid" 2>/dev/null || { echo "the server exited:"; tail -n 20 "$work/server.log"; exit 1; }
  sleep 0.2
done
[ "$state" = ready ] || { echo "the public pages were not rendered (/health pages: ${state:-none})"; tail -n 20 "$work/server.log"; exit 1; }
data="$home/.local/share/casarent"
[ -s "$data/secrets.env" ] || { echo "the data folder is not $data"; ls -la "$home" >&2; exit 1; }

keys=$(in_image keys)
anon=$(sed -n 's/^ANON_KEY=//p' <<<"$keys")
service=$(sed -n 's/^SERVICE_ROLE_KEY=//p' <<<"$keys")
check_car_page "$base" "$anon" "$work" || { tail -n 20 "$work/server.log"; exit 1; }

step "deploying a function over HTTP"
mkdir -p "$work/functions/hello"
mkdir -p "$work/functions/_shared"
echo 'export const prefix = "";' >"$work/functions/_shared/prefix.ts"
echo 'import { prefix } from "../_shared/prefix.ts";
Deno.serve(async (req) => Response.json({ body: prefix + await req.text() }));' >"$work/functions/hello/index.ts"
# The deploying machine needs no Deno: the server bundles the sources sent.
env -i PATH=/usr/bin:/bin HOME="$home" DENO_PATH="$work/no-deno" "$work/server" functions deploy "$work/functions" hello \
  --url "$base" --service-key "$service" >"$work/deploy.log" 2>&1 || { echo "deploy failed:"; cat "$work/deploy.log"; exit 1; }
# The server that took the deployment serves it once it has answered.
code=$(curl -s -o "$work/hello.json" -w '%{http_code}' -X POST "$base/functions/v1/hello" \
  -H "Authorization: Bearer $anon" -H 'content-type: text/plain' -d 'from the image')
[ "$code" = 200 ] && grep -q '"body":"from the image"' "$work/hello.json" ||
  { echo "the deployed function answered $code: $(cat "$work/hello.json")"; tail -n 20 "$work/server.log"; exit 1; }
echo "image start: pages rendered and a deployed function answering, as a user who is not root, from /, without DATA_DIR"
