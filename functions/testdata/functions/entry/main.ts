// Not index.ts: config.toml names this module as the entrypoint.
Deno.serve(() => Response.json({ entry: "main.ts" }));
