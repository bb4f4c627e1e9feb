import { StrictMode, Suspense } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, preloadPage } from "./app/App";
import i18n from "./lib/i18n";
import "./app/styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root");

// The first render waits for the visitor's language file (one small chunk); a page
// the server rendered (server/ssr) stays on screen meanwhile and is hydrated.
const app = (
  <StrictMode>
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>
);
if (root.hasChildNodes()) {
  // Preact (vite.config.ts) hydrates a subtree that suspends by rendering it anew: load
  // the strings and the page's chunk first, so the first render suspends nowhere.
  const strings = i18n.isInitialized ? Promise.resolve() : new Promise((resolve) => i18n.on("initialized", resolve));
  void Promise.all([strings, preloadPage(location.pathname)]).then(() => {
    const before = root.textContent;
    hydrateRoot(root, app);
    // Preact mends a mismatch silently (React reported it): say so (the e2e suite fails on it).
    if (root.textContent !== before) console.error("hydration mismatch: the page's text changed while hydrating");
  });
} else {
  createRoot(root).render(app);
}
