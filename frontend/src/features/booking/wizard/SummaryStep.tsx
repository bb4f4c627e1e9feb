import { useTranslation } from "react-i18next";
import { ltr } from "../../../lib/format";
import { useFormat } from "../../../lib/useFormat";
import type { BookingForm } from "../types";
import type { QuoteState } from "../useBookingData";

/** Step 4: vehicle, duration, dates and total (SPEC section 2), the total being the database's. */
export function SummaryStep({ carTitle, form, quote }: { carTitle: string; form: BookingForm; quote: QuoteState }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ready = quote.status === "ready" ? quote.quote : null;
  return (
    <dl className="summary-list" data-testid="booking-summary">
      <div>
        <dt>{t("booking.vehicle")}</dt>
        <dd>{carTitle}</dd>
      </div>
      <div>
        <dt>{t("booking.duration")}</dt>
        <dd>{ready ? t("booking.days", { count: ready.days }) : "…"}</dd>
      </div>
      <div>
        <dt>{t("booking.dates")}</dt>
        <dd>
          {t("common.fromTo", {
            from: `${fmt.shortDay(form.pickupDate)} ${ltr(form.pickupTime)}`,
            to: `${fmt.shortDay(form.returnDate)} ${ltr(form.returnTime)}`,
          })}
        </dd>
      </div>
      <div>
        <dt>{t("booking.total")}</dt>
        <dd className="price">
          <strong data-testid="summary-total">{ready ? fmt.price(ready.total) : "—"}</strong>
        </dd>
      </div>
    </dl>
  );
}
