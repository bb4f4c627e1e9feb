// Tries to reach a local address every way a function can, and to listen, and
// reports each outcome: "refused" (the sandbox said no), "connected", or the error.
async function attempt(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return "connected";
  } catch (e) {
    // fetch wraps the refusal in its cause
    const refused = [e, (e as Error)?.cause].some((x) =>
      x instanceof Deno.errors.NotCapable || /NotCapable|Requires net access/.test(String(x))
    );
    return refused ? "refused" : `error: ${e}`;
  }
}

function nodeConnect(host: string, port: number) {
  return import("node:net").then((net) =>
    new Promise<void>((resolve, reject) => {
      const s = net.connect(port, host);
      s.on("error", reject);
      s.on("connect", () => (s.destroy(), resolve()));
    })
  );
}

function nodeListen(port: number) {
  return import("node:net").then((net) =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer();
      s.on("error", reject);
      s.listen(port, () => (s.close(), resolve()));
    })
  );
}

Deno.serve(async (req) => {
  const q = new URL(req.url).searchParams;
  const port = Number(q.get("port"));
  const out: Record<string, string> = {};
  for (const host of q.getAll("host")) {
    out[`connect ${host}`] = await attempt(async () => (await Deno.connect({ hostname: host.replace(/^\[|\]$/g, ""), port })).close());
    out[`fetch ${host}`] = await attempt(() => fetch(`http://${host}:${port}/`).then((r) => r.body?.cancel()));
    out[`node ${host}`] = await attempt(() => nodeConnect(host.replace(/^\[|\]$/g, ""), port));
  }
  const listen = q.get("listen");
  if (listen) {
    out["listen"] = await attempt(async () => Deno.listen({ port: Number(listen) }).close());
    out["listen 127.0.0.1"] = await attempt(async () => Deno.listen({ hostname: "127.0.0.1", port: Number(listen) }).close());
    out["node listen"] = await attempt(() => nodeListen(Number(listen)));
  }
  const api = q.get("api"); // a path of the server's API, fetched at SUPABASE_URL
  if (api) {
    const res = await fetch(Deno.env.get("SUPABASE_URL") + api, {
      headers: { apikey: Deno.env.get("SUPABASE_ANON_KEY")!, authorization: req.headers.get("authorization") ?? "" },
    });
    out["api"] = `${res.status} ${await res.text()}`;
  }
  return Response.json(out);
});
