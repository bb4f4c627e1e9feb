// Package postgrest serves /rest/v1: a PostgREST v14-compatible REST surface over
// whatever schema PostgreSQL has, so that an unchanged @supabase/supabase-js v2
// client works against it.
//
// One request, end to end:
//
//  1. handler.go: credentials (jwtauth), routing (/, /<relation>, /rpc/<fn>),
//     profile headers, the schema cache snapshot for this request;
//     request.go holds that request in progress (reqCtx) and checks its select
//     against the request budget, budget.go its lists, logic trees and order
//     (counted in the raw query, before parsing). relation.go serves /<relation> (reads, with
//     their plans cached per request shape, and writes), rpc.go serves
//     /rpc/<fn> (arguments from the body or the query), openapi.go serves /.
//  2. parse_*.go: the URL grammar (select, filters, logic trees, order, limit,
//     offset, columns, on_conflict) and the Prefer/Accept/Range headers, into a
//     request tree (parse_types.go) that holds only names and raw values;
//     media.go negotiates the response's media type.
//  3. plan_*.go + statement.go: names are checked against the schema cache
//     (tables, columns, relationships in plan_embed.go, functions in
//     plan_rpc.go, cast types) and one SQL statement is built (reads in
//     plan_read.go and plan_filter.go, writes in plan_write.go) that produces
//     the whole JSON (or CSV) body, the total count, the affected/inserted
//     counts and the Location values. Identifiers in the SQL come only from the
//     cache and are quoted; values are only bind parameters sent as text, so
//     PostgreSQL infers their types as PostgREST's unknown-typed parameters do.
//     count.go adds the planner's estimate for count=planned/estimated.
//  4. execute.go: pgrole.Query sends BEGIN, the role/claims settings, the
//     statement and COMMIT (or ROLLBACK for Prefer: tx=rollback) in one round
//     trip; respond.go writes the status and headers; errors.go maps errors to
//     PostgREST's {code, message, details, hint}.
//
// The schema cache: schema_load.go reads the catalog (view_deps.go traces view
// columns to their tables), schema_cache.go holds the snapshot, and
// schema_reload.go reloads it on NOTIFY pgrst. typegen*.go print the
// TypeScript Database type from the catalog (server gen types).
//
// Checks that must abort a write (max-affected, singular responses on
// mutations) are done inside the statement by pgrst.raise (the platform's
// migrations/20260128040000_platform.sql), which raises SQLSTATE 'PGRST' with
// PostgREST's JSON payload so the transaction rolls back in the same round trip.
//
// Decisions a successor must know are in README.md.
package postgrest
