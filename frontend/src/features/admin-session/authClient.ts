import { AuthClient } from "@supabase/auth-js";
import { appConfig } from "../../lib/appConfig";
import { setAccessTokenSource } from "../../lib/supabase";

// The back office's auth client: the same GoTrue client supabase-js would build
// (same URL, headers and storage key, so sessions survive), created here so that
// only the admin chunk downloads it. Loading this module makes every call of the
// shared `supabase` client carry the signed-in user's token.
const base = new URL(appConfig.supabaseUrl.endsWith("/") ? appConfig.supabaseUrl : appConfig.supabaseUrl + "/");
const key = appConfig.anonKey || "no-anon-key-configured";

export const auth = new AuthClient({
  url: new URL("auth/v1", base).href,
  headers: { Authorization: `Bearer ${key}`, apikey: key },
  storageKey: `sb-${base.hostname.split(".")[0]}-auth-token`,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: false,
});

setAccessTokenSource(async () => (await auth.getSession()).data.session?.access_token ?? null);
