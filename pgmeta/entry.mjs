// Serves the published postgres-meta's API (its Fastify app, dist/server/app.js) on
// a unix socket, under Deno. Not its server.js: that one also opens a metrics port
// and traps signals Deno refuses to trap (SIGILL, ...). Arguments: the package's
// folder (the one holding node_modules) and the socket's path. Prints "ready"
// once it listens; the server (pgmeta/child.go) waits for that line.
const [dir, socket] = Deno.args;
const { build } = await import(`file://${dir}/node_modules/@supabase/postgres-meta/dist/server/app.js`);
const app = build({ logger: false });
await app.listen({ path: socket });
console.log("ready");
