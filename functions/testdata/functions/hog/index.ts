// Allocates without end.
Deno.serve(() => {
  const keep: number[][] = [];
  while (true) keep.push(new Array(100_000).fill(keep.length));
});
