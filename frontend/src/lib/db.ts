import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "./database";
import { isRecord } from "./guards";

// The public pages reach the backend through db(): supabase-js is its own chunk,
// loaded when a page first talks to the API. A page the server rendered with its
// data (lib/pageData.ts) needs none on its first view (less JavaScript).
// The back office imports lib/supabase.ts directly.

export function db(): Promise<SupabaseClient<Database>> {
  return import("./supabase").then((m) => m.supabase);
}

/** Error codes of the database the site acts on (postgrest-js puts them in `error.code`). */
export const PG_CODES = {
  /** The row is already stored: a resend after a lost answer. */
  uniqueViolation: "23505",
  /** The database's per-address write limit (docs/schema.md). */
  tooManyWrites: "PT429",
} as const;

/** A refusal as postgrest-js hands it over ({code, message, details, hint}). */
export interface DbError {
  code?: string;
  message?: string;
  details?: unknown;
}

/** `details` of a refusal as an object, whether it came as one or as JSON text; {} otherwise. */
export function errorDetails(details: unknown): Record<string, unknown> {
  if (isRecord(details)) return details;
  if (typeof details === "string") {
    try {
      const parsed: unknown = JSON.parse(details);
      if (isRecord(parsed)) return parsed;
    } catch {
      // not JSON: no details
    }
  }
  return {};
}

/** A call's answer, or what went wrong as the page words it. */
export type Result<T, F> = { ok: true; value: T } | { ok: false; failure: F };

/** One call on the client; its answer's type is the one the client's Database type gives the function called. */
export type Call<T> = (c: SupabaseClient<Database>) => PromiseLike<{ data: T; error: null } | { data: null; error: DbError }>;

/**
 * Runs one call: a refusal is worded by `failure`, a call that throws (no network,
 * the client not loaded) is `other`.
 */
export async function callResult<T, F>(call: Call<T>, failure: (error: DbError) => F, other: F): Promise<Result<T, F>> {
  try {
    const { data, error } = await call(await db());
    if (error) return { ok: false, failure: failure(error) };
    return { ok: true, value: data };
  } catch {
    return { ok: false, failure: other };
  }
}
