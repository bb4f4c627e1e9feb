import { useTranslation } from "react-i18next";
import { Link } from "react-router";

// The administrator back office (issue 8) lives in this lazily loaded chunk so
// public pages never download it. Placeholder until it is built.
export default function AdminApp() {
  const { t } = useTranslation();
  return (
    <section className="container section center" data-testid="admin-placeholder">
      <h1>{t("admin.title")}</h1>
      <p className="muted">{t("admin.comingSoon")}</p>
      <Link to="/" className="btn btn-primary">
        {t("admin.viewSite")}
      </Link>
    </section>
  );
}
