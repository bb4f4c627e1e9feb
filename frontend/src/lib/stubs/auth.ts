// supabase-js imports its auth client eagerly, yet only the back office signs
// anyone in. Our client is created with the `accessToken` option (lib/supabase.ts),
// so supabase-js never constructs this class; vite.config.ts resolves
// supabase-js's own import of @supabase/auth-js to this stand-in, which keeps
// ~21 KB gzip off every public page. The back office imports the real
// @supabase/auth-js itself (features/admin-session/authClient.ts).
export class AuthClient {
  constructor(_options?: unknown) {
    throw new Error("supabase.auth is not used: the back office signs in through features/admin-session/authClient");
  }
}
