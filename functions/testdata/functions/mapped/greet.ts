export const greet = (who: string) => `hello ${who}, from deno.json's imports`;
