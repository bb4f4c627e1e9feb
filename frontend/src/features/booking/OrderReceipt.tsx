import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { formatTime } from "../../lib/format";
import { useFormat } from "../../lib/useFormat";
import { locationLabel } from "../search";
import { breakdownLines, orderedExtras, signedPrice, type Order } from "./receipt";

/**
 * What a booking ordered, as stored: its reference, the car, pickup and return
 * (place, day, time), days, insurance, each extra, and the price lines (total,
 * due now or paid online, due at pickup, deposit). `children`: the page's own rows.
 */
export function OrderReceipt({ order, paid = false, children }: { order: Order; paid?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const extras = orderedExtras(order.extras);
  const lines = breakdownLines(t, fmt, order, paid);
  return (
    <div className="card receipt" data-testid="order-receipt">
      <dl className="receipt-grid">
        {order.reference && (
          <div>
            <dt>{t("order.reference")}</dt>
            <dd className="mono reference" data-testid="booking-reference" dir="ltr">
              {order.reference}
            </dd>
          </div>
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
        <div className="trip-block">
          <h2>{t("success.pickup")}</h2>
          <p>
            <Icon name="pin" size={16} /> {locationLabel(t, order.pickup_location)}
          </p>
          <p>
            <Icon name="calendar" size={16} /> {fmt.longDay(order.start_date)}
          </p>
          <p>
            <Icon name="clock" size={16} /> <span dir="ltr">{formatTime(order.pickup_time)}</span>
          </p>
        </div>
        <div className="trip-block">
          <h2>{t("success.return")}</h2>
          <p>
            <Icon name="pin" size={16} /> {locationLabel(t, order.return_location)}
          </p>
          <p>
            <Icon name="calendar" size={16} /> {fmt.longDay(order.end_date)}
          </p>
          <p>
            <Icon name="clock" size={16} /> <span dir="ltr">{formatTime(order.return_time)}</span>
          </p>
        </div>
      </div>
      <dl className="summary-list order-items">
        {order.quote && (
          <div>
            <dt>{t("booking.duration")}</dt>
            <dd data-testid="order-days">{t("booking.days", { count: Number(order.quote.days) })}</dd>
          </div>
        )}
        {order.insurance_type && (
          <div>
            <dt>{t("booking.insurance")}</dt>
            <dd data-testid="order-insurance">{t(`booking.insurances.${order.insurance_type}.name`)}</dd>
          </div>
        )}
        <div>
          <dt>{t("booking.extrasTitle")}</dt>
          <dd data-testid="order-extras">
            {extras.length ? (
              <ul className="order-extras">
                {extras.map((k) => (
                  <li key={k}>{t(`booking.extras.${k}`)}</li>
                ))}
              </ul>
            ) : (
              t("order.noExtras")
            )}
          </dd>
        </div>
        {order.payment_option && (
          <div>
            <dt>{t("booking.payment")}</dt>
            <dd>{t(`booking.paymentOptions.${order.payment_option}.name`)}</dd>
          </div>
        )}
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
