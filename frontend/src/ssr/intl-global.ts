// goja has no Intl: the polyfills below (./intl.ts) fill this empty object in.
const g = globalThis as { Intl?: object };
if (!g.Intl) g.Intl = {};
export {};
