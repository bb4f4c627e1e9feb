import { useTranslation } from "react-i18next";
import { formatPrice } from "../../lib/format";
import { thumbnailUrl } from "../../lib/images";
import type { Car } from "../cars/types";
import type { Quote } from "./price";
import type { BookingForm } from "./types";

/** The running price: the browser's estimate, replaced by the database's figure when it answers. */
export function PriceSummary({ car, form, quote, confirmed }: { car: Car; form: BookingForm; quote: Quote | null; confirmed: boolean }) {
  const { t } = useTranslation();
  return (
    <aside className="card price-summary" aria-labelledby="price-title">
      <img src={thumbnailUrl(car.image, 800, 500)} alt="" width="400" height="250" loading="lazy" />
      <h2 id="price-title">
        {car.brand} {car.name}
      </h2>
      <p className="muted">
        {formatPrice(car.price)} / {t("car.perDay")}
      </p>
      {quote ? (
        <dl className="price-lines" aria-live="polite">
          <div>
            <dt>{t("booking.base", { count: quote.days })}</dt>
            <dd>{formatPrice(quote.base)}</dd>
          </div>
          <div>
            <dt>{t(`booking.insurances.${form.insurance}.name`)}</dt>
            <dd>{formatPrice(quote.insurance)}</dd>
          </div>
          <div>
            <dt>{t("booking.extrasTitle")}</dt>
            <dd>{formatPrice(quote.extras)}</dd>
          </div>
          <div>
            <dt>{t("booking.subtotal")}</dt>
            <dd>{formatPrice(quote.subtotal)}</dd>
          </div>
          {quote.discountRate > 0 && (
            <div className="discount">
              <dt>{t("booking.discount", { rate: Math.round(quote.discountRate * 100) })}</dt>
              <dd>−{formatPrice(quote.subtotal - quote.total)}</dd>
            </div>
          )}
          <div className="total">
            <dt>{t("booking.total")}</dt>
            <dd data-testid="price-total">{formatPrice(quote.total)}</dd>
          </div>
          {quote.dueOnArrival > 0 && (
            <>
              <div>
                <dt>{t("booking.dueNow")}</dt>
                <dd>{formatPrice(quote.dueNow)}</dd>
              </div>
              <div>
                <dt>{t("booking.dueOnArrival")}</dt>
                <dd>{formatPrice(quote.dueOnArrival)}</dd>
              </div>
            </>
          )}
        </dl>
      ) : (
        <p className="muted small">{t("booking.pickDates")}</p>
      )}
      {quote && <p className="muted small" data-testid="price-source" data-source={confirmed ? "server" : "estimate"}>{confirmed ? t("booking.priceConfirmed") : t("booking.priceEstimate")}</p>}
    </aside>
  );
}
