import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Icon } from "../../components/Icon";
import { usePageMeta } from "../../lib/usePageMeta";

export default function BookingCancelledPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageMeta(t("cancelled.title"), t("cancelled.text"), "/booking-cancelled");
  return (
    <section className="container section center status-page" data-testid="booking-cancelled">
      <span className="status-icon status-icon--off" aria-hidden="true">
        <Icon name="x" size={40} />
      </span>
      <h1>{t("cancelled.title")}</h1>
      <p className="lead">{t("cancelled.text")}</p>
      <div className="hero-actions center">
        <button type="button" className="btn btn-outline btn-lg" onClick={() => navigate(-1)}>
          {t("common.back")}
        </button>
        <Link to="/" className="btn btn-primary btn-lg">
          {t("common.home")}
        </Link>
      </div>
    </section>
  );
}
