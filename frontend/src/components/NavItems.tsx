import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { LEGAL_PATHS } from "../config/site";
import { AnchorLink } from "./AnchorLink";

/** A link of the site's menus: where it goes and the locale key of its label. */
export interface NavItem {
  to: string;
  label: string;
}

/** The header's menu (desktop and mobile). */
export const MAIN_NAV: NavItem[] = [
  { to: "/", label: "nav.home" },
  { to: "/vehicles", label: "nav.vehicles" },
  { to: "/blog", label: "nav.blog" },
  { to: "/#why-us", label: "nav.whyUs" },
  { to: "/#contact", label: "nav.contact" },
];

/** The two rental pages (the mobile menu's "services"). */
export const SERVICE_NAV: NavItem[] = [
  { to: "/location-courte-duree", label: "nav.shortTerm" },
  { to: "/location-longue-duree", label: "nav.longTerm" },
];

/** The footer's links: every public page. */
export const FOOTER_NAV: NavItem[] = [
  { to: "/vehicles", label: "nav.vehicles" },
  ...SERVICE_NAV,
  { to: "/notre-agence", label: "nav.agency" },
  { to: "/pourquoi-nous", label: "nav.whyUsPage" },
  { to: "/blog", label: "nav.blog" },
  { to: "/contact", label: "nav.contact" },
  { to: "/my-booking", label: "nav.myBooking" },
];

/** The three legal texts (footer, and the legal pages' own menu). */
export const LEGAL_NAV: NavItem[] = [
  { to: LEGAL_PATHS.terms, label: "legal.terms.title" },
  { to: LEGAL_PATHS.privacy, label: "legal.privacy.title" },
  { to: LEGAL_PATHS.notice, label: "legal.notice.title" },
];

function isAnchor(to: string): to is `/${string}#${string}` {
  return to.startsWith("/") && to.includes("#");
}

/**
 * A menu's list items: a "/#section" link scrolls (AnchorLink); with `active` the
 * others mark the current page (NavLink, "/" only when it is the page itself).
 * onNavigate runs on every click (the mobile menu closes).
 */
export function NavItems({ items, active = false, onNavigate }: { items: NavItem[]; active?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {items.map(({ to, label }) => (
        <li key={to}>
          {isAnchor(to) ? (
            <AnchorLink to={to} onNavigate={onNavigate}>
              {t(label)}
            </AnchorLink>
          ) : active ? (
            <NavLink to={to} end={to === "/"} onClick={onNavigate}>
              {t(label)}
            </NavLink>
          ) : (
            <Link to={to} onClick={onNavigate}>
              {t(label)}
            </Link>
          )}
        </li>
      ))}
    </>
  );
}
