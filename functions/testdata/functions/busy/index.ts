// Works on without end, yielding to the event loop between slices (so the CPU
// limit, which catches a blocked loop, does not apply), and never answers.
Deno.serve(async () => {
  console.log(`busy worker ${Deno.pid}`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 0));
    const end = Date.now() + 20;
    while (Date.now() < end) { /* spin */ }
  }
});
