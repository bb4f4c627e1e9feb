const cors = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type, x-custom",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
};

// Answers its own preflight, as Supabase functions do.
Deno.serve((req) => {
  if (req.method === "OPTIONS") return new Response("cors ok", { headers: { ...cors, "X-Preflight": "function" } });
  return Response.json({ ok: true }, { headers: cors });
});
