import { createClient } from "@supabase/supabase-js";
import { appConfig } from "./appConfig";

// The one backend client of the site. Without /app-config.js (e.g. `vite
// preview` with no server) it points at this origin with a placeholder key:
// calls then fail and the pages fall back to local data as SPEC section 8 says.
export const supabase = createClient(appConfig.supabaseUrl, appConfig.anonKey || "no-anon-key-configured", {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
});
