// Tries what a function may not do and reports each outcome.
async function attempt(fn: () => unknown | Promise<unknown>): Promise<string> {
  try {
    await fn();
    return "allowed";
  } catch (e) {
    return e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied ? "refused" : `error: ${e}`;
  }
}

Deno.serve(async () => Response.json({
  readPasswd: await attempt(() => Deno.readTextFile("/etc/passwd")),
  writeFile: await attempt(() => Deno.writeTextFile("/tmp/casarent-function-wrote-this", "x")),
  runProcess: await attempt(() => new Deno.Command("/bin/true").output()),
  readJWTSecret: await attempt(() => Deno.env.get("JWT_SECRET")),
  platformOnlyName: await attempt(() => Deno.env.get("SUPABASE_NOT_A_SECRET")),
  envObject: await attempt(() => Deno.env.toObject()),
  ownSecret: Deno.env.get("GREETING") ?? null,
}));
