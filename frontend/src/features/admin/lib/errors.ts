// Errors from supabase-js come back as values ({ data, error }); the api modules
// turn them into thrown errors so screens handle one path.

export class ApiError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = "ApiError";
    this.code = code;
  }
}

export function check<T>(res: { data: T; error: { message: string; code?: string } | null }): T {
  if (res.error) throw new ApiError(res.error.message, res.error.code);
  return res.data;
}
