import { useEffect } from "react";
import { useLocation } from "react-router";
import { scrollToId } from "./AnchorLink";

/**
 * Scrolls to the top on every path change (SPEC section 2), or to the #section
 * named in the address once it has rendered (lists load asynchronously).
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
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
