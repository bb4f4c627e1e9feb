import { greet } from "greet";

Deno.serve(() => Response.json({ greeting: greet("mapped") }));
