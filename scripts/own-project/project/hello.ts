// Greets the caller by the name its JSON body gives.
Deno.serve(async (req) => {
  const { name } = await req.json().catch(() => ({}))
  return Response.json({ message: `Hello ${name ?? 'stranger'}!` })
})
