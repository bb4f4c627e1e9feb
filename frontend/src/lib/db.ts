import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "./database";

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
