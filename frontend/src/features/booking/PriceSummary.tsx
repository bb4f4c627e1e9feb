import { useTranslation } from "react-i18next";
import { appConfig } from "../../lib/appConfig";
import { thumbnailUrl } from "../../lib/images";
import { negative } from "../../lib/localeFormat";
import { useFormat } from "../../lib/useFormat";
import type { FleetCar } from "../cars";
import { Row } from "./Row";
import type { BookingForm } from "./types";
import type { QuoteState } from "./useBookingData";

/**
 * The running price: the database's figures (quote_booking), formatted in the
 * visitor's language. The total is the one paid at the agency (a WhatsApp
 * request's); the online figures of the chosen payment option follow.
 */
export function PriceSummary({ car, form, quote }: { car: FleetCar; form: BookingForm; quote: QuoteState }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const shown = quote.status === "ready" ? quote.quote : quote.status === "loading" ? quote.previous : null;
  // The online figures only where paying online is offered.
  const online = shown?.online && shown.channel !== "online" && appConfig.payments.mode !== "off" ? shown.online : null;
  return (
    // data-source says whose figures these are (the database's once ready), for the
    // tests; the traveller is told only when they are not ready.
    <aside className="card price-summary" aria-labelledby="price-title" data-testid="price-source" data-source={quote.status === "ready" ? "server" : quote.status}>
      <img src={thumbnailUrl(car.image, 800, 500)} alt="" width="400" height="250" loading="lazy" />
      <h2 id="price-title">
        {car.brand} {car.name}
      </h2>
      <p className="muted">
        {fmt.price(car.price)} / {t("car.perDay")}
      </p>
      {shown ? (
        <dl className={`price-lines${quote.status === "ready" ? "" : " is-stale"}`} aria-live="polite" aria-busy={quote.status !== "ready"}>
          <Row label={t("booking.base", { count: shown.days })} testId="price-base">
            {fmt.price(shown.base)}
          </Row>
          <Row label={t(`booking.insurances.${form.insurance}.name`)} testId="price-insurance">
            {fmt.price(shown.insurance)}
          </Row>
          <Row label={t("booking.extrasTitle")} testId="price-extras">
            {fmt.price(shown.extras)}
          </Row>
          <Row label={t("booking.subtotal")} testId="price-subtotal">
            {fmt.price(shown.subtotal)}
          </Row>
          {shown.discount > 0 && (
            <Row rowClass="discount" label={t("booking.discount", { rate: fmt.percent(Number(shown.discount_rate) * 100) })} testId="price-discount">
              {negative(fmt.price(shown.discount))}
            </Row>
          )}
          <Row rowClass="total" label={t("booking.total")} testId="price-total">
            {fmt.price(shown.total)}
          </Row>
          {online && (
            <>
              {/* The same trip paid online with PayPal: the option's discount, its share now. */}
              <Row
                label={t("bookingPrice.onlineTotal", { option: t(`booking.paymentOptions.${form.paymentOption}.name`) })}
                testId="price-online-total"
              >
                {fmt.price(online.total)}
              </Row>
              {online.due_at_pickup > 0 && (
                <>
                  <Row label={t("bookingPrice.dueNowOnline", { percent: fmt.percent(Number(online.due_now_percent)) })} testId="price-due-now">
                    {fmt.price(online.due_now)}
                  </Row>
                  <Row label={t("booking.dueOnArrival")} testId="price-due-at-pickup">
                    {fmt.price(online.due_at_pickup)}
                  </Row>
                </>
              )}
            </>
          )}
        </dl>
      ) : (
        quote.status === "none" && <p className="muted small">{t("booking.pickDates")}</p>
      )}
      {shown && (
        <p className="muted small" data-testid="price-whatsapp-note">
          {t("booking.whatsappPaysAtAgency")}
        </p>
      )}
      {(quote.status === "loading" || quote.status === "failed") && (
        <p className="muted small" data-testid="price-status">
          {quote.status === "loading" ? t("bookingPrice.loading") : t("bookingPrice.failed")}
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
