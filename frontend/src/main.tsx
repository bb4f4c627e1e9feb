import { startTransition, StrictMode, Suspense } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { initialLanguage } from "./lib/i18n";
import { prepareFormats } from "./lib/localeFormat";
import { renderedHere } from "./lib/pageData";
import "./app/styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root");

// The first render waits for the visitor's language file (one small chunk); a page
// the server rendered (server/ssr) stays on screen meanwhile and is hydrated as its
// strings and its page's chunk arrive.
const app = (
  <StrictMode>
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>
);

function start(root: HTMLElement) {
  // The markup is adopted only where the server rendered it for this very path: the
  // not-found page the server answers an unknown car or post with was rendered at
  // another address (rental/website/pagerender.go), and the browser's route for that path
  // draws its own "not found" — that one is rendered afresh rather than mended.
  if (root.hasChildNodes() && renderedHere()) {
    // Hydrated as a transition: React then works in slices of a few milliseconds and
    // lets the browser paint and answer input between them, instead of one task as
    // long as the whole page (hundreds of milliseconds on a phone: Lighthouse's total
    // blocking time). The page is on screen meanwhile; a click on a part not yet
    // hydrated makes React hydrate that part first and replays the click.
    startTransition(() => {
      hydrateRoot(root, app, {
        // React mends a mismatch by rendering the subtree again in the browser: say so
        // plainly (the e2e suite fails on any console error, and looks for these words).
        onRecoverableError: (error) => console.error("hydration mismatch:", error instanceof Error ? error.message : error),
      });
    });
  } else {
    createRoot(root).render(app);
  }
}

// Evaluating the modules, starting React and loading the locale data are one task
// each rather than one long one (a phone's main thread answers input between them).
setTimeout(() => {
  start(root);
  setTimeout(() => prepareFormats(initialLanguage), 0);
}, 0);
