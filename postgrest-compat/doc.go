// Package postgrest serves /rest/v1: a PostgREST v14-compatible REST surface over
// whatever schema PostgreSQL has, so that an unchanged @supabase/supabase-js v2
// client works against it.
//
// One request, end to end:
//
//  1. handler.go: credentials (jwtauth), routing (/, /<relation>, /rpc/<fn>),
//     profile headers, the schema cache snapshot for this request.
//  2. parse_*.go: the URL grammar (select, filters, logic trees, order, limit,
//     offset, columns, on_conflict) and the Prefer/Accept/Range headers, into a
//     request tree that holds only names and raw values.
//  3. plan_*.go + sql_*.go: names are checked against the schema cache (tables,
//     columns, relationships, functions, cast types) and one SQL statement is
//     built that produces the whole JSON (or CSV) body, the total count, the
//     affected/inserted counts and the Location values. Identifiers in the SQL
//     come only from the cache and are quoted; values are only bind parameters
//     sent as text, so PostgreSQL infers their types as PostgREST's unknown-typed
//     parameters do.
//  4. execute.go: pgrole.Query sends BEGIN, the role/claims settings, the
//     statement and COMMIT (or ROLLBACK for Prefer: tx=rollback) in one round
//     trip; errors are mapped to PostgREST's {code, message, details, hint}.
//
// Checks that must abort a write (max-affected, singular responses on
// mutations) are done inside the statement by pgrst.raise (migration
// 20260106000000_pgrst_schema_reload.sql), which raises SQLSTATE 'PGRST' with
// PostgREST's JSON payload so the transaction rolls back in the same round trip.
//
// Decisions a successor must know are in README.md.
package postgrest
