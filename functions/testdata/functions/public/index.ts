Deno.serve(() => Response.json({ public: true }));
