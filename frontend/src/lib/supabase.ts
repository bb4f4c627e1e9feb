import { createClient } from "@supabase/supabase-js";
import { appConfig } from "./appConfig";
import type { Database } from "./database";

type TokenSource = () => Promise<string | null>;
let tokenSource: TokenSource | null = null;

/** Lets the back office, once loaded, send its signed-in user's token with every call. */
export function setAccessTokenSource(source: TokenSource | null): void {
  tokenSource = source;
}

/** The signed-in user's token when the back office set a source, else null (anon). */
export function currentAccessToken(): Promise<string | null> {
  return tokenSource ? tokenSource() : Promise.resolve(null);
}

// The one backend client of the site. Public pages act as anon, so the client
// is built with `accessToken` (null means "use the anon key") and without
// supabase-js's own auth client: see lib/stubs/auth.ts.
// Without /app-config.js (e.g. `vite preview` with no server) it points at this
// origin with a placeholder key: calls then fail and the pages fall back to
// local data as SPEC section 8 says.
export const supabase = createClient<Database>(appConfig.supabaseUrl, appConfig.anonKey || "no-anon-key-configured", {
  accessToken: currentAccessToken,
});
