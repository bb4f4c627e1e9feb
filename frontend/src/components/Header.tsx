import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { SITE } from "../config/site";
import { Icon } from "./Icon";
import { LanguageSelect } from "./LanguageSelect";
import { MAIN_NAV, NavItems, SERVICE_NAV } from "./NavItems";

export function Header() {
  const { t } = useTranslation();
  const location = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? location.pathname : null);
  const close = () => setOpenOn(null);

  const burger = useRef<HTMLButtonElement>(null);

  // Escape closes the mobile menu; focus goes back to the button rather than
  // staying on a link that just disappeared.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpenOn(null);
      burger.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container header-bar">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <span className="brand-text">
            <strong>{SITE.name}</strong>
            <small>{t("nav.tagline")}</small>
          </span>
        </Link>
        <nav className="main-nav" aria-label={t("nav.main")}>
          <ul>
            <NavItems items={MAIN_NAV} active />
          </ul>
        </nav>
        <div className="header-actions">
          {/* Tap to call: the number from 1180 px, the phone icon alone below (a 44 px target). */}
          <a className="header-phone" href={`tel:+${SITE.phoneDigits}`} data-testid="header-call">
            <Icon name="phone" size={18} />
            <span className="visually-hidden">{t("nav.call")} </span>
            <bdi dir="ltr" className="header-phone-number">
              {SITE.phone}
            </bdi>
          </a>
          <LanguageSelect />
          <button
            ref={burger}
            type="button"
            className="burger icon-button"
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen(!open)}
          >
            <Icon name={open ? "x" : "menu"} size={24} />
            <span className="visually-hidden">{open ? t("nav.closeMenu") : t("nav.openMenu")}</span>
          </button>
        </div>
      </div>
      <nav id="mobile-menu" className="mobile-menu" hidden={!open} aria-label={t("nav.mobile")}>
        <ul className="container">
          <NavItems items={MAIN_NAV} onNavigate={close} />
          <li className="mobile-services">
            <span className="mobile-services-title">{t("nav.services")}</span>
            <ul>
              <NavItems items={SERVICE_NAV} onNavigate={close} />
            </ul>
          </li>
          <li>
            <a className="mobile-call" href={`tel:+${SITE.phoneDigits}`} onClick={close} data-testid="menu-call">
              <Icon name="phone" size={18} /> {t("nav.call")} <bdi dir="ltr">{SITE.phone}</bdi>
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
