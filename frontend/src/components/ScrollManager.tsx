import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { scrollToId } from "./AnchorLink";

/**
 * Scrolls to the top on every path change (SPEC section 2), or to the #section
 * named in the address once it has rendered (lists load asynchronously).
 * After a navigation, focus moves to <main>: a screen reader then reads the new
 * page and Tab starts from its top, not from a link that may have gone.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    const timer = window.setInterval(() => {
      if (scrollToId(id) || ++tries > 40) window.clearInterval(timer);
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);
  return null;
}
