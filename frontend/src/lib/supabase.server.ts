// The server bundle never calls the API (src/ssr/render.tsx renders with the data
// the server read; effects do not run): the client is a stand-in that says so if
// anything tries.
function refuse(): never {
  throw new Error("the server render does not call the API");
}

export function setAccessTokenSource(): void {}

export const supabase = new Proxy({}, { get: refuse }) as unknown as typeof import("./supabase").supabase;
