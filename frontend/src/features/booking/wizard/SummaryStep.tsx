import { useTranslation } from "react-i18next";
import { useFormat } from "../../../lib/useFormat";
import { DatesRow, Row } from "../Row";
import type { BookingForm } from "../types";
import type { QuoteState } from "../useBookingData";

/** Step 4: vehicle, duration, dates and total (SPEC section 2), the total being the database's. */
export function SummaryStep({ carTitle, form, quote }: { carTitle: string; form: BookingForm; quote: QuoteState }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ready = quote.status === "ready" ? quote.quote : null;
  return (
    <dl className="summary-list" data-testid="booking-summary">
      <Row label={t("booking.vehicle")}>{carTitle}</Row>
      <Row label={t("booking.duration")}>{ready ? t("booking.days", { count: ready.days }) : "…"}</Row>
      <DatesRow form={form} />
      <Row label={t("booking.total")} className="price">
        <strong data-testid="summary-total">{ready ? fmt.price(ready.total) : "—"}</strong>
      </Row>
    </dl>
  );
}
