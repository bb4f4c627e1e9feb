// Runs one function in a worker the server supervises. The function's own module
// calls Deno.serve as on Supabase; that call is captured here and its handler is
// served on a loopback port the server reads from the first line of stdout.
// Arguments: the module's URL, the ready marker.
const [moduleURL, marker] = Deno.args;
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
  hostname: "127.0.0.1",
  port: 0,
  onListen({ port }) {
    console.log(`${marker} ${port}`);
    // The server's CPU limit watches these: no beat while the process burns CPU
    // means synchronous code is blocking the event loop.
    const beat = new TextEncoder().encode(`${marker} beat\n`);
    setInterval(() => Deno.stdout.writeSync(beat), 100);
  },
  onError(err) {
    console.error("uncaught:", err);
    return Response.json(
      { code: "WORKER_ERROR", message: "Function exited due to an error (please check logs)" },
      { status: 500 },
    );
  },
}, (req, info) => handler!(req, info));
