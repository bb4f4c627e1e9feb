import { useEffect } from "react";

/**
 * Sets <html data-ready> once the page around it is interactive: hydrated when the
 * server rendered it, rendered otherwise. Until then the server's HTML shows but does
 * not answer (a field typed into is reset, a submit does nothing); the e2e suite waits
 * for the mark before it types (e2e/helpers.ts).
 */
export function ReadyMarker() {
  useEffect(() => {
    document.documentElement.setAttribute("data-ready", "");
  }, []);
  return null;
}
