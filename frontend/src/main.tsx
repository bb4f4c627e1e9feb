import { StrictMode, Suspense } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import "./lib/i18n";
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
  hydrateRoot(root, app, {
    // A mismatch is recovered by rendering in the browser; say so (the e2e suite fails on it).
    onRecoverableError: (error) => console.error("hydration mismatch:", error),
  });
} else {
  createRoot(root).render(app);
}
