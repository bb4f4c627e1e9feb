import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { useFormat } from "../../lib/useFormat";

/** After the WhatsApp confirmation: the request is stored as pending. */
export function SentView({ total }: { total: number | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <section className="container section narrow status-page center" data-testid="booking-sent">
      <span className="status-icon" aria-hidden="true">
        <Icon name="check" size={40} />
      </span>
      <h1>{t("booking.sentTitle")}</h1>
      <p className="lead">{t("booking.sentText")}</p>
      {total !== null && (
        <p className="price" data-testid="sent-total">
          {t("booking.total")} : <strong>{fmt.price(total)}</strong>
        </p>
      )}
      <div className="hero-actions center">
        <Link to="/" className="btn btn-primary btn-lg">
          {t("common.backHome")}
        </Link>
      </div>
    </section>
  );
}
