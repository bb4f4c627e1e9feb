import { createClient } from "npm:@supabase/supabase-js@2";
import { preflight } from "../_shared/cors.ts";
import { json } from "../_shared/reply.ts";

// Reads a table as the caller: row-level security decides which rows come back.
Deno.serve(async (req) => {
  const pre = preflight(req);
  if (pre) return pre;
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_ANON_KEY")!, {
    global: { headers: { Authorization: req.headers.get("Authorization")! } },
    auth: { persistSession: false },
  });
  const { data, error } = await supabase.from("fn_notes").select("body").order("body");
  if (error) return json({ error }, 500);
  return json(data);
});
