// Never answers, without using the CPU.
Deno.serve(() => new Promise<Response>(() => {}));
