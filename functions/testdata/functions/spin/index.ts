// Never answers: an endless loop on the event loop.
Deno.serve(() => {
  while (true) { /* spin */ }
});
