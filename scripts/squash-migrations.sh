#!/usr/bin/env bash
# Prints the schema of a migrated database as one migration: pg_dump's output made fit
# for migrations.Apply (one transaction, simple protocol). Used to squash the history
# (migrations/README.md says how); roles are cluster-wide, so pg_dump leaves them out
# and the baseline's hand-written preamble creates them.
#
#   scripts/squash-migrations.sh postgres://…/db_with_every_migration_applied > body.sql
set -euo pipefail
url="${1:?usage: $0 DATABASE_URL}"

# --no-owner: objects belong to whoever applies the baseline, as with the migrations.
# --column-inserts: COPY … FROM stdin needs psql; INSERT runs anywhere.
pg_dump --no-owner --column-inserts --rows-per-insert=1000 \
        --exclude-schema=migrations --dbname="$url" |
  sed -E \
    -e '/^\\(un)?restrict /d' \
    -e '/^-- Dumped (from|by) /d' \
    -e '/^SET (client_encoding|standard_conforming_strings) /d' \
    -e 's/^SET ([a-z_]+) = /SET LOCAL \1 = /' \
    -e "s/^SELECT pg_catalog\.set_config\('search_path', '', false\);/SELECT pg_catalog.set_config('search_path', '', true);/" \
    -e 's/^ALTER DEFAULT PRIVILEGES FOR ROLE [a-z_]+ IN /ALTER DEFAULT PRIVILEGES IN /'
