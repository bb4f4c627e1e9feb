// Runs one function in a worker the server supervises. The function's own module
// calls Deno.serve as on Supabase; that call is captured here and its handler is
// served on a unix socket the server proxies to (the worker may reach no local
// address: --deny-net). Arguments: the module's URL, the ready marker, and the
// worker's settings as JSON (Links below).
const [moduleURL, marker, linksJSON] = Deno.args;
type Links = {
  listen: string; // the socket to serve on
  api?: string; // the server's API, reached as apiOrigin (SUPABASE_URL)
  apiOrigin?: string;
  apiHost?: string; // the name requests through api are sent to (never resolved)
  db?: string; // PostgreSQL, reached as dbHost:dbPort (SUPABASE_DB_URL)
  dbHost?: string;
  dbPort?: number;
  requestHeader: string; // the server's id of each request, taken off before the function sees it
};
const links: Links = JSON.parse(linksJSON);
const encoder = new TextEncoder();
const say = (what: string) => Deno.stdout.writeSync(encoder.encode(`${marker} ${what}\n`));

const realServe = Deno.serve.bind(Deno);
// deno-lint-ignore no-explicit-any
type Handler = (req: Request, info: any) => Response | Promise<Response>;
let handler: Handler | null = null;

const notServing = {
  finished: new Promise<void>(() => {}),
  ref() {},
  unref() {},
  shutdown: () => Promise.resolve(),
  addr: { transport: "tcp", hostname: "127.0.0.1", port: 0 },
};
Object.defineProperty(Deno, "serve", {
  configurable: true,
  writable: true,
  // deno-lint-ignore no-explicit-any
  value: (a: any, b?: any) => {
    handler = typeof a === "function" ? a : typeof b === "function" ? b : a?.handler ?? null;
    return notServing;
  },
});

// fetch(SUPABASE_URL…) goes through the API socket: the server's loopback address
// is denied to the worker like every local one. These are routes, not the
// sandbox: without them the function would reach less, never more.
if (links.api && links.apiOrigin && links.apiHost) {
  const apiOrigin = new URL(links.apiOrigin).origin;
  const base = `http://${links.apiHost}`;
  const client = Deno.createHttpClient({ proxy: { transport: "unix", path: links.api } });
  const realFetch = globalThis.fetch;
  const routed = (input: RequestInfo | URL): string | null => {
    try {
      const u = new URL(input instanceof Request ? input.url : String(input));
      return u.origin === apiOrigin ? base + u.pathname + u.search : null;
    } catch {
      return null;
    }
  };
  globalThis.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit) {
    const target = routed(input);
    if (target === null) return realFetch(input, init);
    const req = input instanceof Request ? new Request(target, input) : target;
    // deno-lint-ignore no-explicit-any
    return realFetch(req, { ...init, client } as any);
  };
}

// Connections to SUPABASE_DB_URL's host and port go to the database socket, for
// clients on node:net (npm:postgres, npm:pg) and on Deno.connect (jsr:@db/postgres).
if (links.db && links.dbHost && links.dbPort) {
  const loopback = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);
  const dbHost = links.dbHost, dbPort = links.dbPort, path = links.db;
  const isDB = (host: unknown, port: unknown) => {
    const h = typeof host === "string" && host !== "" ? host : "localhost";
    return Number(port) === dbPort && (h === dbHost || (loopback.has(h) && loopback.has(dbHost)));
  };
  const realConnect = Deno.connect.bind(Deno);
  Object.defineProperty(Deno, "connect", {
    configurable: true,
    writable: true,
    // deno-lint-ignore no-explicit-any
    value: (opts: any) =>
      (opts?.transport ?? "tcp") === "tcp" && isDB(opts?.hostname, opts?.port)
        ? realConnect({ transport: "unix", path })
        : realConnect(opts),
  });
  const net = await import("node:net");
  const socket = net.Socket.prototype;
  const realSocketConnect = socket.connect;
  // deno-lint-ignore no-explicit-any
  (socket as any).connect = function (this: unknown, ...args: any[]) {
    // net.connect() passes its arguments already normalized, as one array
    // deno-lint-ignore no-explicit-any
    const [opts, cb] = Array.isArray(args[0]) ? args[0] : (net as any)._normalizeArgs(args);
    if (!opts?.path && opts?.port !== undefined && isDB(opts.host, opts.port)) {
      return realSocketConnect.call(this, { path }, cb);
    }
    return realSocketConnect.apply(this, args);
  };
}

// EdgeRuntime.waitUntil: work that goes on after the answer; the worker stays up
// while it runs (it is only recycled when idle).
const pending = new Set<Promise<unknown>>();
Object.defineProperty(globalThis, "EdgeRuntime", {
  value: Object.freeze({
    waitUntil(p: Promise<unknown>) {
      const tracked = Promise.resolve(p).catch((e) => console.error("waitUntil:", e)).finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
  }),
});

const mod = await import(moduleURL);
if (!handler && typeof mod.default?.fetch === "function") {
  handler = (req, info) => mod.default.fetch(req, info);
}
if (!handler) {
  console.error("the function's module never called Deno.serve");
  Deno.exit(1);
}

realServe({
  path: links.listen,
  onListen() {
    say("ready");
    // The server's CPU limit watches these: no beat while the process burns CPU
    // means synchronous code is blocking the event loop.
    setInterval(() => say("beat"), 100);
  },
  onError(err) {
    console.error("uncaught:", err);
    return Response.json(
      { code: "WORKER_ERROR", message: "Function exited due to an error (please check logs)" },
      { status: 500 },
    );
  },
}, (req, info) => {
  const id = req.headers.get(links.requestHeader);
  if (id !== null) { // a request's headers cannot change: a copy without it
    const headers = new Headers(req.headers);
    headers.delete(links.requestHeader);
    req = new Request(req, { headers });
  }
  const answer = Promise.resolve().then(() => handler!(req, info));
  if (id) {
    // The request is over when the handler has answered and the answer is sent (or
    // the caller left): the server stops a worker whose abandoned request is not.
    Promise.allSettled([answer, info.completed]).then(() => say(`done ${id}`));
  }
  return answer;
});
