import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { Footer } from "../components/Footer";
import { Header } from "../components/Header";
import { ReadyMarker } from "../components/ReadyMarker";
import { ScrollManager } from "../components/ScrollManager";
import { Toaster } from "../components/Toaster";
import { Spinner } from "../components/Spinner";
import { CookieConsent } from "../features/consent/CookieConsent";

export function Layout() {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t("nav.skip")}
      </a>
      <ScrollManager />
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner label={t("common.loading")} />}>
          <Outlet />
          <ReadyMarker />
        </Suspense>
      </main>
      <Footer />
      <CookieConsent />
      <Toaster />
    </>
  );
}
