import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { precompress } from "./build/precompress.ts";
import { stringsPart } from "./build/strings.ts";

// The Go server (make run) listens on 54321 and serves the API and /app-config.js.
const backend = process.env.BACKEND_URL ?? "http://localhost:54321";
const proxied = ["/rest", "/auth", "/storage", "/functions", "/app-config.js"];

function splitStrings(): Plugin {
  return {
    name: "split-strings",
    enforce: "pre",
    load(id) {
      const m = /^(.*\/locales\/[a-z]+\.json)\?part=(site|pages)$/.exec(id);
      if (!m) return null;
      const all = JSON.parse(readFileSync(m[1]!, "utf8")) as Record<string, unknown>;
      return `export default ${JSON.stringify(stringsPart(all, m[2] === "pages"))};`;
    },
  };
}

// The server's runtime configuration, a classic script the server writes (and inlines:
// rental/website/site.go inlineHead), not a module of the bundle: added as a tag after Vite
// has read index.html, so the build neither bundles it nor warns about it.
function appConfigScript(): Plugin {
  return {
    name: "app-config-script",
    transformIndexHtml: () => [{ tag: "script", attrs: { src: "/app-config.js" }, injectTo: "head" }],
  };
}

// The one bundler warning turned off: Rolldown's report that plugins took a large share
// of the build's time. It measures the build machine (on a shared 2-core one the
// share swings from run to run), not the output; profile the build to study it.
export const quietChecks = { bundlerTimings: false };

const authStub = fileURLToPath(new URL("./src/lib/stubs/auth.ts", import.meta.url));
const realtimeStub = fileURLToPath(new URL("./src/lib/stubs/realtime.ts", import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    splitStrings(),
    appConfigScript(),
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
    alias: [
      { find: "iceberg-js", replacement: fileURLToPath(new URL("./src/lib/stubs/iceberg.ts", import.meta.url)) },
    ],
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true }])),
  },
  build: {
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Every browser of es2022 but Safari 16 preloads modules itself (and there the
    // imports still load them): ~0.5 KB less on every first view.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      checks: quietChecks,
      output: {
        codeSplitting: {
          // What every page runs, as one file rather than six (four of them under 1 KB):
          // fewer requests and one compression window (~4 KB less sent on the first view).
          groups: [
            {
              name: "framework",
              // (not use-sync-external-store's with-selector: only the back office's editor reads it)
              test: /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store(?!\/(cjs\/use-sync-external-store-shim|shim)\/with-selector)|@tanstack\/query-core|@tanstack\/react-query)\/|vite\/preload-helper|rolldown\/runtime/,
            },
            {
              // The site's shared modules (formatting, images, toasts, icons…, the trip
              // search, the fleet's and the blog's reads), small files the pages share:
              // one file too. Not the client (supabase.ts and
              // what it imports load on first use) nor the stand-ins, nor the few that
              // "/" never runs (pagination, tabs, the modal dialog, the booking's extras, phone numbers): they load with
              // the pages that use them.
              name: "shared",
              test: /\/src\/(lib|components)\/(?!supabase\.ts|stubs\/|database|appConfig\.ts|extraOrderApi\.ts|phone\.ts|pagination\.ts|Pagination\.tsx|Tabs\.tsx|useModalDialog\.ts)|\/src\/features\/search\/|\/src\/features\/(cars|blog)\/(queries|api|fallbackFleet|CarCard|labels)\.tsx?/,
            },
          ],
        },
      },
    },
  },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
  },
});
