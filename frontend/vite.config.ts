import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { precompress } from "./build/precompress.ts";

// The Go server (make run) listens on 54321 and serves the API and /app-config.js.
const backend = process.env.BACKEND_URL ?? "http://localhost:54321";
const proxied = ["/rest", "/auth", "/storage", "/functions", "/app-config.js"];

const authStub = fileURLToPath(new URL("./src/lib/stubs/auth.ts", import.meta.url));
const realtimeStub = fileURLToPath(new URL("./src/lib/stubs/realtime.ts", import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    {
      // supabase-js's own imports of auth-js and realtime-js get the stand-ins
      // (see the files); the back office's direct imports still get the real
      // clients (its sign-in, its live feed), in its own chunks.
      name: "supabase-auth-and-realtime-in-admin-only",
      enforce: "pre",
      resolveId(source, importer) {
        if (!importer?.includes("/node_modules/@supabase/supabase-js/")) return null;
        if (source === "@supabase/auth-js") return authStub;
        if (source === "@supabase/realtime-js") return realtimeStub;
        return null;
      },
    },
  ],
  resolve: {
    // Parts of supabase-js our backend does not serve (see the files): ~16 KB gzip less per page.
    alias: {
      "iceberg-js": fileURLToPath(new URL("./src/lib/stubs/iceberg.ts", import.meta.url)),
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true }])),
  },
  build: { target: "es2022", sourcemap: false, chunkSizeWarningLimit: 400 },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
  },
});
