// The process dies in the middle of a request.
Deno.serve(() => Deno.exit(3));
