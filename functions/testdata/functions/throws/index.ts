// An uncaught exception in the handler.
Deno.serve(() => {
  throw new Error("thrown by the handler");
});
