import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { OrderReceipt } from "./OrderReceipt";
import type { Order } from "./receipt";

/** After the WhatsApp confirmation: the request is stored as pending; its reference and what was ordered. */
export function SentView({ order, title, text }: { order: Order | null; title?: ReactNode; text?: string }) {
  const { t } = useTranslation();
  return (
    <section className="container section narrow status-page" data-testid="booking-sent">
      <div className="center">
        <span className="status-icon" aria-hidden="true">
          <Icon name="check" size={40} />
        </span>
        <h1>{title ?? t("booking.sentTitle")}</h1>
        <p className="lead">{text ?? t("booking.sentText")}</p>
      </div>
      {order && <OrderReceipt order={order} />}
      <div className="hero-actions center">
        <Link to="/" className="btn btn-primary btn-lg">
          {t("common.backHome")}
        </Link>
      </div>
    </section>
  );
}
