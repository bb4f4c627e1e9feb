import { useEffect, useState, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { IconCar, IconChevronEnd, IconChevronStart, IconClose, IconExternal, IconLogout, IconMenu, useAdminTranslation } from "../admin-kit";
import { useAdminSession, useAdminUser } from "../admin-session";
import { LiveControls, LiveProvider, NewMessagesBadge, PendingRequestsBadge } from "../admin-live";
import { NAV, navTo } from "./nav";

const COLLAPSED_KEY = "casarent.admin.sidebarCollapsed";

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === "1";
  } catch {
    return false;
  }
}

/** The admin frame: collapsible sidebar (drawer on small screens), top bar, content. */
export function AdminShell({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    try {
      localStorage.setItem(COLLAPSED_KEY, collapsed ? "1" : "0");
    } catch {
      /* private mode: the choice is simply not remembered */
    }
  }, [collapsed]);

  // The drawer closes when a link is followed (path change) and on Escape.
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setDrawerOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  return (
    <LiveProvider>
    <div className={`adm-shell${collapsed ? " adm-shell--collapsed" : ""}${drawerOpen ? " adm-shell--drawer" : ""}`}>
      <a href="#adm-main" className="skip-link">
        Aller au contenu
      </a>
      <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} onCloseDrawer={() => setDrawerOpen(false)} />
      {drawerOpen && <div className="adm-shell__overlay" onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
      <div className="adm-shell__main">
        <TopBar onOpenDrawer={() => setDrawerOpen(true)} drawerOpen={drawerOpen} />
        <main id="adm-main" className="adm-content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
    </LiveProvider>
  );
}

function Sidebar({ collapsed, onToggle, onCloseDrawer }: { collapsed: boolean; onToggle: () => void; onCloseDrawer: () => void }) {
  const { t } = useAdminTranslation();
  const { signOut } = useAdminSession();
  return (
    <aside className="adm-sidebar" id="adm-sidebar" aria-label={t("shell.navLabel")}>
      <div className="adm-sidebar__inner">
        <div className="adm-sidebar__head">
          <span className="adm-sidebar__brand">
            <IconCar size={24} />
            <span className="adm-sidebar__label">{t("shell.brand")}</span>
          </span>
          <button type="button" className="adm-icon-btn adm-sidebar__close" onClick={onCloseDrawer} aria-label={t("shell.closeMenu")}>
            <IconClose />
          </button>
        </div>
        <nav className="adm-sidebar__nav">
          <ul>
            {NAV.map((item) => (
              <li key={item.path}>
                <NavLink to={navTo(item)} className="adm-nav-link" title={collapsed ? item.label : undefined}>
                  {item.icon}
                  <span className="adm-sidebar__label">{item.label}</span>
                  {item.path === "contacts" && <NewMessagesBadge />}
                  {item.path === "requests" && <PendingRequestsBadge />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="adm-sidebar__foot">
          <a href="/" target="_blank" rel="noopener" className="adm-nav-link" title={collapsed ? t("shell.viewSite") : undefined}>
            <IconExternal />
            <span className="adm-sidebar__label">{t("shell.viewSite")}</span>
          </a>
          <button type="button" className="adm-nav-link adm-nav-link--button" onClick={() => void signOut()} title={collapsed ? t("shell.logout") : undefined}>
            <IconLogout />
            <span className="adm-sidebar__label">{t("shell.logout")}</span>
          </button>
          <button
            type="button"
            className="adm-nav-link adm-nav-link--button adm-sidebar__collapse"
            onClick={onToggle}
            aria-expanded={!collapsed}
            aria-controls="adm-sidebar"
          >
            {collapsed ? <IconChevronEnd /> : <IconChevronStart />}
            <span className="adm-sidebar__label">{collapsed ? t("shell.expand") : t("shell.collapse")}</span>
          </button>
        </div>
      </div>
    </aside>
  );
}

function TopBar({ onOpenDrawer, drawerOpen }: { onOpenDrawer: () => void; drawerOpen: boolean }) {
  const { t } = useAdminTranslation();
  const { profile, user } = useAdminUser();
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
  const email = profile.email ?? user.email ?? "";
  const initials = (name || email).slice(0, 1).toUpperCase();
  return (
    <header className="adm-topbar">
      <button
        type="button"
        className="adm-icon-btn adm-topbar__burger"
        onClick={onOpenDrawer}
        aria-label={t("shell.openMenu")}
        aria-expanded={drawerOpen}
        aria-controls="adm-sidebar"
      >
        <IconMenu />
      </button>
      <span className="adm-topbar__title">{t("shell.brand")}</span>
      <LiveControls />
      <div className="adm-topbar__user" title={`${t("shell.signedInAs")} ${email}`}>
        <span className="adm-topbar__who">
          <span className="adm-topbar__name">{name || email}</span>
          {name && <span className="adm-topbar__email">{email}</span>}
        </span>
        <span className="adm-avatar" aria-hidden="true">
          {initials}
        </span>
      </div>
    </header>
  );
}
