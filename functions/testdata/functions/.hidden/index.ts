Deno.serve(() => new Response("a hidden folder is not a function"));
