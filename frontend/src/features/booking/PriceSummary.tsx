import { useTranslation } from "react-i18next";
import { thumbnailUrl } from "../../lib/images";
import { useFormat } from "../../lib/useFormat";
import type { FleetCar } from "../cars";
import type { BookingForm } from "./types";
import type { QuoteState } from "./useBookingData";

/** The running price: the database's figures (quote_booking), formatted in the visitor's language. */
export function PriceSummary({ car, form, quote }: { car: FleetCar; form: BookingForm; quote: QuoteState }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const shown = quote.status === "ready" ? quote.quote : quote.status === "loading" ? quote.previous : null;
  return (
    <aside className="card price-summary" aria-labelledby="price-title">
      <img src={thumbnailUrl(car.image, 800, 500)} alt="" width="400" height="250" loading="lazy" />
      <h2 id="price-title">
        {car.brand} {car.name}
      </h2>
      <p className="muted">
        {fmt.price(car.price)} / {t("car.perDay")}
      </p>
      {shown ? (
        <dl className={`price-lines${quote.status === "ready" ? "" : " is-stale"}`} aria-live="polite" aria-busy={quote.status !== "ready"}>
          <div>
            <dt>{t("booking.base", { count: shown.days })}</dt>
            <dd data-testid="price-base">{fmt.price(shown.base)}</dd>
          </div>
          <div>
            <dt>{t(`booking.insurances.${form.insurance}.name`)}</dt>
            <dd data-testid="price-insurance">{fmt.price(shown.insurance)}</dd>
          </div>
          <div>
            <dt>{t("booking.extrasTitle")}</dt>
            <dd data-testid="price-extras">{fmt.price(shown.extras)}</dd>
          </div>
          <div>
            <dt>{t("booking.subtotal")}</dt>
            <dd data-testid="price-subtotal">{fmt.price(shown.subtotal)}</dd>
          </div>
          {shown.discount > 0 && (
            <div className="discount">
              <dt>{t("booking.discount", { rate: fmt.percent(Number(shown.discount_rate) * 100) })}</dt>
              <dd data-testid="price-discount">−{fmt.price(shown.discount)}</dd>
            </div>
          )}
          <div className="total">
            <dt>{t("booking.total")}</dt>
            <dd data-testid="price-total">{fmt.price(shown.total)}</dd>
          </div>
          {shown.due_at_pickup > 0 && (
            <>
              <div>
                <dt>{t("bookingPrice.dueNow", { percent: fmt.percent(Number(shown.due_now_percent)) })}</dt>
                <dd data-testid="price-due-now">{fmt.price(shown.due_now)}</dd>
              </div>
              <div>
                <dt>{t("booking.dueOnArrival")}</dt>
                <dd data-testid="price-due-at-pickup">{fmt.price(shown.due_at_pickup)}</dd>
              </div>
            </>
          )}
        </dl>
      ) : (
        quote.status === "none" && <p className="muted small">{t("booking.pickDates")}</p>
      )}
      {quote.status !== "none" && (
        <p className="muted small" data-testid="price-source" data-source={quote.status === "ready" ? "server" : quote.status}>
          {quote.status === "ready" ? t("bookingPrice.confirmed") : quote.status === "loading" ? t("bookingPrice.loading") : t("bookingPrice.failed")}
        </p>
      )}
    </aside>
  );
}

/**
 * The running total in a bar kept at the bottom of a phone's screen while the
 * wizard is filled in: there the summary sits below the form, out of sight
 * while options are chosen. Hidden where the summary stands beside the form.
 */
export function RunningTotal({ quote }: { quote: QuoteState }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const shown = quote.status === "ready" ? quote.quote : quote.status === "loading" ? quote.previous : null;
  if (!shown) return null;
  return (
    <p className={`running-total${quote.status === "ready" ? "" : " is-stale"}`} data-testid="running-total">
      <span>{t("booking.days", { count: shown.days })}</span>
      <strong>
        {t("booking.total")} {fmt.price(shown.total)}
      </strong>
    </p>
  );
}
