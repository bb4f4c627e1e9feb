// Answers at once and finishes its work afterwards with EdgeRuntime.waitUntil.
let done = false;
Deno.serve((req) => {
  if (new URL(req.url).pathname.endsWith("/status")) return Response.json({ done });
  EdgeRuntime.waitUntil(new Promise<void>((r) => setTimeout(() => { done = true; r(); }, 300)));
  return Response.json({ done });
});
