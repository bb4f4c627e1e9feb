import type { MouseEvent, ReactNode } from "react";
import { Link, useLocation } from "react-router";

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

export function scrollToId(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  return true;
}

/**
 * A link to "/#section": on the same page it scrolls smoothly; elsewhere it
 * navigates and the scroll manager finds the section.
 */
export function AnchorLink({
  to,
  children,
  className,
  onNavigate,
}: {
  to: `/${string}#${string}`;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
}) {
  const location = useLocation();
  const [path, hash] = to.split("#") as [string, string];
  function onClick(e: MouseEvent<HTMLAnchorElement>) {
    onNavigate?.();
    if (location.pathname === (path || "/") && scrollToId(hash)) {
      e.preventDefault();
      window.history.replaceState(window.history.state, "", `${path}#${hash}`);
    }
  }
  return (
    <Link to={to} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
