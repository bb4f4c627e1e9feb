import { useTranslation } from "react-i18next";
import { useFormat } from "../../../lib/useFormat";
import { DatesRow, Row } from "../Row";
import type { BookingForm } from "../types";
import type { QuoteState } from "../useBookingData";

/**
 * Step 4: vehicle, duration, dates and total (SPEC section 2), the total being the
 * database's, then the deposit and until when cancelling is free, from the same
 * quote: what the traveller commits to, before committing.
 */
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
      {ready?.deposit != null && (
        <Row label={t("order.deposit")}>
          <span data-testid="summary-deposit">{fmt.price(ready.deposit)}</span>
        </Row>
      )}
      {ready?.free_cancellation_until && (
        <Row label={t("booking.cancellation")}>
          <span data-testid="summary-free-cancellation">{t("booking.freeCancellationUntil", { date: fmt.moment(ready.free_cancellation_until) })}</span>
        </Row>
      )}
    </dl>
  );
}
