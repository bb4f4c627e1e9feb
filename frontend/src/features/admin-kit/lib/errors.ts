// Errors from supabase-js come back as values ({ data, error }); the api modules
// turn them into thrown errors so screens handle one path.

export class ApiError extends Error {
  readonly code: string | undefined;
  /** PostgREST's `details` (the reservation errors put a JSON object there). */
  readonly details: string | undefined;
  constructor(message: string, code?: string, details?: string) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.details = details;
  }
}

/**
 * The rows of an answer, typed by the query (the generated Database type), or
 * its error thrown. Without an error a list or a `.single()` always has data;
 * null then would be a broken answer, thrown too rather than cast away.
 */
export function check<T>(res: { data: T; error: { message: string; code?: string; details?: string | null } | null }): NonNullable<T> {
  if (res.error) throw new ApiError(res.error.message, res.error.code, res.error.details ?? undefined);
  if (res.data === null || res.data === undefined) throw new ApiError("empty answer");
  return res.data;
}
