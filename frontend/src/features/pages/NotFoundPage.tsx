import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { usePageMeta } from "../../lib/usePageMeta";

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageMeta(t("notFound.title"), t("notFound.text"), pathname);
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <section className="container section center not-found" data-testid="not-found">
      <p className="big-number" aria-hidden="true">
        404
      </p>
      <h1>{t("notFound.title")}</h1>
      <p className="muted">{t("notFound.text")}</p>
      <Link to="/" className="btn btn-primary btn-lg">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
