import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { quietChecks } from "./vite.config.ts";

// The server bundle: src/ssr/render.tsx and everything the public pages import, as
// one classic script (dist/ssr/render.js) for the JavaScript VM of the Go server
// (server/ssr: goja, ES2020 with a few stand-ins, no DOM, no Intl of its own).
//
// A module with a sibling named *.server.ts replaces it here (the browser's
// supabase client, the lazy language files, DOMPurify): one obvious place for
// what differs between the two renders.

function serverSiblings(): Plugin {
  return {
    name: "server-siblings",
    enforce: "pre",
    async resolveId(source, importer, options) {
      // Only the site's own modules have siblings: leave packages to the resolver.
      if (!importer || source.includes("\0") || !source.startsWith(".") || importer.includes("/node_modules/")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const m = /^(.*)\.(ts|tsx)$/.exec(resolved.id);
      if (!m || m[1]!.endsWith(".server")) return resolved;
      const sibling = `${m[1]}.server.${m[2]}`;
      return existsSync(sibling) ? { ...resolved, id: sibling } : resolved;
    },
  };
}

// goja parses no import() expression; what is left of them after bundling (react-
// router's route modules, unused here) becomes a call the VM refuses (server/ssr).
function noDynamicImport(): Plugin {
  return {
    name: "no-dynamic-import",
    renderChunk(code) {
      return { code: code.replace(/\bimport\(/g, "__dynamicImport("), map: null };
    },
    // The browser build has the styles; the server's markup only names classes.
    generateBundle(_, bundle) {
      for (const name of Object.keys(bundle)) if (name.endsWith(".css")) delete bundle[name];
    },
  };
}

// renderToString appends each chunk to one string (result += chunk); goja copies the
// whole string on every append, so a 70 KB page took seconds. Collect the chunks and
// join once. React 19's react-dom/server (browser condition: server.browser.js) takes
// renderToString from the legacy browser renderer below. The build fails if that file
// is not bundled or no longer reads as expected: a silent miss would only show as slow
// pages in production.
export const RENDERER = /react-dom\/cjs\/react-dom-server-legacy\.browser\.production\.js$/;
function joinRenderedChunks(): Plugin {
  const edits: [string, string][] = [
    ['result = "",', "result = [],"],
    ["null !== chunk && (result += chunk);", "null !== chunk && result.push(chunk);"],
    ["return result;", 'return result.join("");'],
  ];
  let edited = 0;
  return {
    name: "join-rendered-chunks",
    buildStart() {
      edited = 0;
    },
    transform(code, id) {
      if (!RENDERER.test(id)) return null;
      for (const [from, to] of edits) {
        if (code.split(from).length !== 2) throw new Error(`join-rendered-chunks: "${from}" is not once in ${id}`);
        code = code.replace(from, to);
      }
      edited++;
      return { code, map: null };
    },
    buildEnd(error) {
      if (!error && edited !== 1) throw new Error(`join-rendered-chunks: React's server renderer (${RENDERER}) was edited ${edited} times, not once: is it still the one bundled?`);
    },
  };
}

export default defineConfig({
  plugins: [react(), serverSiblings(), noDynamicImport(), joinRenderedChunks()],
  resolve: {
    alias: [
      { find: "@supabase/realtime-js", replacement: fileURLToPath(new URL("./src/lib/stubs/realtime.ts", import.meta.url)) },
      { find: "iceberg-js", replacement: fileURLToPath(new URL("./src/lib/stubs/iceberg.ts", import.meta.url)) },
    ],
  },
  define: {
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  build: {
    outDir: "dist/ssr",
    emptyOutDir: false,
    // What goja parses: ES2020 (BigInt literals, used by the Intl polyfills, ?. and ??);
    // its lowering of ES2021+ syntax is the bundler's.
    target: "es2020",
    minify: true,
    copyPublicDir: false,
    lib: {
      entry: fileURLToPath(new URL("./src/ssr/render.tsx", import.meta.url)),
      name: "CasaRentSSR",
      formats: ["iife"],
      fileName: () => "render.js",
    },
    rolldownOptions: { checks: quietChecks },
  },
});
