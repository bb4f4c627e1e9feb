// Holds eight 256 MB typed arrays, every page written: memory outside the V8
// heap, which the heap limit does not count.
Deno.serve(() => {
  const keep: Uint8Array[] = [];
  for (let i = 0; i < 8; i++) keep.push(new Uint8Array(256 << 20).fill(i + 1));
  return Response.json({ held: keep.reduce((n, b) => n + b.length, 0) });
});
