// Server-sent events: the first event at once, the second only after another
// request to /events/release, which the caller sends once it has read the first:
// a buffered answer would never arrive.
let release: () => void = () => {};

Deno.serve((req) => {
  const url = new URL(req.url);
  if (url.pathname.endsWith("/burn")) { // keeps the CPU busy for ?ms=, synchronously
    const end = Date.now() + Number(url.searchParams.get("ms") ?? 200);
    let n = 0;
    while (Date.now() < end) n++;
    return Response.json({ n });
  }
  if (url.pathname.endsWith("/release")) {
    release();
    return Response.json({ released: true });
  }
  const enc = new TextEncoder();
  const released = new Promise<void>((r) => (release = r));
  const body = new ReadableStream({
    async start(controller) {
      controller.enqueue(enc.encode("data: first\n\n"));
      await released;
      controller.enqueue(enc.encode("data: second\n\n"));
      controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
});
