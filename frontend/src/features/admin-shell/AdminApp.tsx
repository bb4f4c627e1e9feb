import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { Navigate, Route, Routes } from "react-router";
import { ReadyMarker } from "../../components/ReadyMarker";
import { ADMIN_LANGUAGE, adminKeys, createAdminQueryClient, PageLoading, useAdminTranslation } from "../admin-kit";
import { Toaster } from "../../components/Toaster";
import { AdminSessionProvider, EnrolStep, LoginPage, MfaStep, useAdminSession } from "../admin-session";
import { AdminShell } from "./AdminShell";
import { NAV } from "./nav";
import "./admin.css";

// The back office (SPEC section 2, "Admin area"). The public router loads this
// module lazily, so nothing here reaches the public pages' bundle; each screen
// is a further chunk of its own (shell/nav.tsx lists them).

// The site's toaster in its top-layer mode, with the area's classes.
const ADMIN_TOAST_CLASSES = { root: "adm-toaster", toast: "adm-toast", close: "adm-icon-btn adm-toast__close" };

function AdminToaster() {
  const { t } = useAdminTranslation();
  return <Toaster topLayer classes={ADMIN_TOAST_CLASSES} closeLabel={t("common.close")} />;
}

export default function AdminApp() {
  useAdminDocument();
  // Every read and write of the area goes through TanStack Query (lib/query.ts,
  // keys in admin-kit/lib/queryKeys.ts). Until the site provides one client for the whole
  // app, the area has its own.
  const [queryClient] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AdminSessionProvider>
        <div className="adm-root" lang={ADMIN_LANGUAGE} dir="ltr">
          <ReadyMarker />
          <AdminGate />
          <AdminToaster />
        </div>
      </AdminSessionProvider>
    </QueryClientProvider>
  );
}

function AdminGate() {
  const { t } = useAdminTranslation();
  const { access } = useAdminSession();
  const queryClient = useQueryClient();
  // What an administrator read is not kept for whoever signs in next.
  const signedOut = access.kind === "signedOut";
  useEffect(() => {
    if (signedOut) queryClient.removeQueries({ queryKey: adminKeys.all });
  }, [signedOut, queryClient]);
  if (access.kind === "loading") return <PageLoading label={t("common.loadingPanel")} />;
  if (access.kind === "signedOut") return <LoginPage notice={access.notice} />;
  if (access.kind === "mfa") return <MfaStep />;
  if (access.kind === "enrol") return <EnrolStep />;
  return (
    <AdminShell>
      <Suspense fallback={<PageLoading label={t("common.loading")} />}>
        <Routes>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          {NAV.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
        </Routes>
      </Suspense>
    </AdminShell>
  );
}

/** The back office is French-only and must not be indexed. */
function useAdminDocument() {
  const { t } = useAdminTranslation();
  useEffect(() => {
    const html = document.documentElement;
    const prev = { lang: html.lang, dir: html.dir, title: document.title };
    html.lang = ADMIN_LANGUAGE;
    html.dir = "ltr";
    document.title = `${t("shell.brand")} — CasaRent`;
    const robots = document.createElement("meta");
    robots.name = "robots";
    robots.content = "noindex, nofollow";
    document.head.appendChild(robots);
    return () => {
      html.lang = prev.lang;
      html.dir = prev.dir;
      document.title = prev.title;
      robots.remove();
    };
  }, [t]);
}
