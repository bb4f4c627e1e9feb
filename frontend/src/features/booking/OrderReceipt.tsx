import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { useExtraOrder } from "../../lib/extraOrderApi";
import { formatTime } from "../../lib/format";
import { useFormat } from "../../lib/useFormat";
import { locationLabel } from "../search";
import { KeyFactsRows } from "./KeyFacts";
import { Row } from "./Row";
import { breakdownLines, heldUntil, orderedExtras, signedPrice, type Order } from "./receipt";

/**
 * What a booking ordered, as stored: its reference, the car, pickup and return
 * (place, day, time), days, insurance, each extra, the key facts stored with its
 * quote (excess, cancellation, mileage, fuel, driver), and the price lines (total, due now or paid online, due at pickup, deposit).
 * `children`: the page's own rows.
 */
export function OrderReceipt({ order, paid = false, children }: { order: Order; paid?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const extraOrder = useExtraOrder();
  const extras = orderedExtras(order.extras, extraOrder ?? []);
  const lines = breakdownLines(t, fmt, order, paid);
  const held = heldUntil(order);
  return (
    <div className="card receipt" data-testid="order-receipt">
      <dl className="receipt-grid">
        {order.reference && (
          <Row label={t("order.reference")} className="mono reference" testId="booking-reference" dir="ltr">
            {order.reference}
          </Row>
        )}
        {held && (
          <Row label={t("order.heldUntilLabel")} testId="order-held-until">
            {t("order.heldUntil", { until: fmt.instant(held) })}
          </Row>
        )}
        {children}
      </dl>
      {order.car && (
        <p className="receipt-car">
          <Icon name="car" size={18} />{" "}
          <bdi>
            {order.car.brand} {order.car.name}
          </bdi>
        </p>
      )}
      <div className="receipt-trip">
        <TripBlock title={t("success.pickup")} place={order.pickup_location} day={order.start_date} time={order.pickup_time} />
        <TripBlock title={t("success.return")} place={order.return_location} day={order.end_date} time={order.return_time} />
      </div>
      <dl className="summary-list order-items">
        {order.quote && (
          <Row label={t("booking.duration")} testId="order-days">
            {t("booking.days", { count: Number(order.quote.days) })}
          </Row>
        )}
        {order.insurance_type && (
          <Row label={t("booking.insurance")} testId="order-insurance">
            {t(`booking.insurances.${order.insurance_type}.name`)}
          </Row>
        )}
        <Row label={t("booking.extrasTitle")} testId="order-extras">
          {extras.length ? (
            extraOrder !== undefined && (
              <ul className="order-extras">
                {extras.map((k) => (
                  <li key={k}>{t(`booking.extras.${k}`)}</li>
                ))}
              </ul>
            )
          ) : (
            t("order.noExtras")
          )}
        </Row>
        {order.payment_option && <Row label={t("booking.payment")}>{t(`booking.paymentOptions.${order.payment_option}.name`)}</Row>}
        {order.quote && <KeyFactsRows quote={order.quote} insurance={order.insurance_type} prefix="order" deposit={false} />}
      </dl>
      {lines.length > 0 && (
        <>
          <h2 className="order-price-title">{t("order.priceTitle")}</h2>
          <dl className="price-lines order-lines">
            {lines.map((l) => (
              <div key={l.key} className={l.key === "total" ? "total" : l.key === "discount" ? "discount" : undefined} data-testid={`price-line-${l.key}`}>
                <dt>{l.label}</dt>
                <dd>{signedPrice(fmt, l.amount)}</dd>
              </div>
            ))}
          </dl>
          {order.quote?.deposit != null && <p className="muted small">{t("order.depositNote")}</p>}
        </>
      )}
    </div>
  );
}

/** Pickup or return: the place, the day and the time. */
function TripBlock({ title, place, day, time }: { title: string; place: string; day: string; time: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <div className="trip-block">
      <h2>{title}</h2>
      <p>
        <Icon name="pin" size={16} /> {locationLabel(t, place)}
      </p>
      <p>
        <Icon name="calendar" size={16} /> {fmt.longDay(day)}
      </p>
      <p>
        <Icon name="clock" size={16} /> <span dir="ltr">{formatTime(time)}</span>
      </p>
    </div>
  );
}
