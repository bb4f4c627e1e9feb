import { preflight } from "../_shared/cors.ts";
import { json } from "../_shared/reply.ts";

// Echoes what it received and the secret it sees.
Deno.serve(async (req) => {
  const pre = preflight(req);
  if (pre) return pre;
  console.log("hello was called");
  const url = new URL(req.url);
  return json({
    method: req.method,
    path: url.pathname,
    query: url.search,
    body: await req.text(),
    header: req.headers.get("x-test"),
    greeting: Deno.env.get("GREETING"),
    hasURL: Boolean(Deno.env.get("SUPABASE_URL")),
    hasAnonKey: Boolean(Deno.env.get("SUPABASE_ANON_KEY")),
  });
});
