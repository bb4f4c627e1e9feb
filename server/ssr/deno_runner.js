// The Deno side of a render burst (deno.go). It runs with no permission but to
// read the bundle, which it imports as a module (Deno.args[0]: V8 keeps its
// compiled code in Deno's cache, so the next burst starts sooner); everything
// else comes and goes as lines of JSON on stdin and stdout.
//
//   out: {"ok":true} or {"error":…} once the bundle is warmed
//   in:  one Input per line
//   out: for each Input {"out":Output} or {"error":…}; in between, {"log":[level,
//        text]} and {"sanitize":html}, to which the server answers {"html":…}
//
// The bundle gets the same stand-ins as in goja (globals.go): timers never fire,
// MessageChannel is inert, and the blog's HTML is cleaned by the server's own
// sanitizer, so both engines write the same markup.

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const chunks = [];
let buffered = 0;

function readLine() {
  for (;;) {
    const last = chunks[chunks.length - 1];
    const nl = last ? last.indexOf(10) : -1;
    if (nl >= 0) {
      const all = new Uint8Array(buffered - last.length + nl);
      let off = 0;
      for (const c of chunks.slice(0, -1)) {
        all.set(c, off);
        off += c.length;
      }
      all.set(last.subarray(0, nl), off);
      const rest = last.slice(nl + 1);
      chunks.length = 0;
      buffered = rest.length;
      if (rest.length) chunks.push(rest);
      return decoder.decode(all);
    }
    const chunk = new Uint8Array(1 << 20);
    const n = Deno.stdin.readSync(chunk);
    if (n === null) return null;
    chunks.push(chunk.subarray(0, n));
    buffered += n;
  }
}

function send(message) {
  writeLine(JSON.stringify(message));
}

function writeLine(text) {
  const bytes = encoder.encode(text + "\n");
  for (let off = 0; off < bytes.length; ) off += Deno.stdout.writeSync(bytes.subarray(off));
}

const nextTask = ((realSetTimeout) => () => new Promise((resolve) => realSetTimeout(resolve, 0)))(setTimeout);

(function (g) {
  let nextTimer = 1;
  g.setTimeout = g.setInterval = g.setImmediate = () => nextTimer++;
  g.clearTimeout = g.clearInterval = g.clearImmediate = () => {};
  g.__dynamicImport = (m) => Promise.reject(new Error("ssr: no dynamic import of " + m));
  function Port() {
    this.onmessage = null;
  }
  Port.prototype.postMessage = () => {};
  Port.prototype.close = () => {};
  g.MessageChannel = function () {
    this.port1 = new Port();
    this.port2 = new Port();
  };
  const log = (level) => (...args) => send({ log: [level, args.map(String).join(" ")] });
  g.console = { log: log("info"), info: log("info"), debug: log("debug"), warn: log("warn"), error: log("error") };
  g.__sanitizeHTML = (html) => {
    send({ sanitize: String(html) });
    const answer = readLine();
    if (answer === null) throw new Error("ssr: the server went away");
    return JSON.parse(answer).html;
  };
})(globalThis);

function describe(e) {
  return e instanceof Error ? e.stack || e.message : String(e);
}

async function open() {
  const api = (await import(Deno.args[0])).default;
  if (!api) throw new Error("ssr: the bundle defines no CasaRentSSR");
  for (const fn of ["render", "warm"]) if (typeof api[fn] !== "function") throw new Error(`ssr: CasaRentSSR.${fn} is not a function`);
  // The second pass finds the lazy modules the first one asked for.
  for (let i = 0; i < 2; i++) {
    api.warm();
    await nextTask();
  }
  return api;
}

let api;
try {
  api = await open();
} catch (e) {
  send({ error: "ssr: " + describe(e) });
  Deno.exit(1);
}
send({ ok: true });
for (let line = readLine(); line !== null; line = readLine()) {
  let reply;
  try {
    reply = '{"out":' + api.render(line) + "}";
  } catch (e) {
    reply = JSON.stringify({ error: describe(e) });
  }
  writeLine(reply);
  await nextTask(); // what the render queued runs before the next one, as in goja
}
Deno.exit(0);
