import type { ReactNode } from "react";
import { formatDate, formatLongDate, formatNumber, formatPrice, formatTime } from "../../lib/format";
import { DetailRow as Row, useAdminTranslation } from "../admin-kit";
import { type AdminBooking, type BookingQuote, formatAgencyDateTime, holdState, insuranceName, orderedExtras, paymentOptionName } from "../admin-booking-core";
import { useExtraOrder } from "../../lib/extraOrderApi";

// The blocks of a booking's details dialog, each one part of the booking.

interface BlockProps {
  title: string;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}

export function Block({ title, children, wide, testId }: BlockProps) {
  return (
    <section className={`adm-detail-block${wide ? " adm-detail-block--wide" : ""}`} data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** A block that is one list of labelled values (the rows). */
function ListBlock({ children, ...block }: BlockProps) {
  return (
    <Block {...block}>
      <dl className="adm-dl">{children}</dl>
    </Block>
  );
}

/** Where and when the car is picked up, or returned. */
export function Leg({ title, location, date, time }: { title: string; location: string | null; date: string | null; time: string | null }) {
  const { t } = useAdminTranslation();
  return (
    <ListBlock title={title}>
      <Row label={t("bookings.details.location")}>{location}</Row>
      <Row label={t("bookings.details.date")}>{date ? formatLongDate(date) : null}</Row>
      <Row label={t("bookings.details.time")}>{formatTime(time) || null}</Row>
    </ListBlock>
  );
}

const percent = (rate: number) => formatNumber(Math.round(rate * 10000) / 100);

/** The breakdown agreed when the booking was made (bookings.quote, set by the database). */
function PriceBreakdown({ q, total }: { q: BookingQuote; total: number | null }) {
  const { t } = useAdminTranslation();
  return (
    <dl className="adm-dl adm-dl--money" data-testid="booking-breakdown">
      <Row label={t("bookings.details.rental", { days: t("bookings.days", { count: q.days }), daily: formatPrice(q.daily_price) })} testId="price-rental">
        {formatPrice(q.base)}
      </Row>
      <Row label={t("bookings.details.insurancePrice")} testId="price-insurance">
        {formatPrice(q.insurance)}
      </Row>
      <Row label={t("bookings.details.extrasPrice")} testId="price-extras">
        {formatPrice(q.extras)}
      </Row>
      {q.discount > 0 && (
        <>
          <Row label={t("bookings.details.subtotal")}>{formatPrice(q.subtotal)}</Row>
          <Row label={t("bookings.details.discount", { rate: percent(q.discount_rate) })} testId="price-discount">
            − {formatPrice(q.discount)}
          </Row>
        </>
      )}
      <div className="adm-dl__row adm-dl__row--total" data-testid="price-total">
        <dt>{t("bookings.details.total")}</dt>
        <dd>
          <strong>{formatPrice(total ?? q.total)}</strong>
        </dd>
      </div>
      {/* refund_due is in the quote once the database stated what was paid online (a paid booking re-priced). */}
      <Row label={q.refund_due === undefined ? t("bookings.details.dueNow", { percent: formatNumber(q.due_now_percent) }) : t("bookings.details.paidOnline")} testId="price-due-now">
        {formatPrice(q.due_now)}
      </Row>
      <Row label={t("bookings.details.dueAtPickup")} testId="price-due-at-pickup">
        {formatPrice(q.due_at_pickup)}
      </Row>
      {(q.refund_due ?? 0) > 0 && (
        <Row label={t("bookings.details.refundDue")} testId="price-refund-due">
          {formatPrice(q.refund_due!)}
        </Row>
      )}
      {typeof q.deposit === "number" && (
        <Row label={t("bookings.details.deposit")} testId="price-deposit">
          {formatPrice(q.deposit)}
        </Row>
      )}
    </dl>
  );
}

/** Who booked, and how to reach them where they stay. */
export function CustomerBlock({ b }: { b: AdminBooking }) {
  const { t } = useAdminTranslation();
  return (
    <ListBlock title={t("bookings.details.customer")}>
      <Row label={t("bookings.details.name")}>{b.customer_name}</Row>
      <Row label={t("bookings.details.email")}>
        <a href={`mailto:${b.customer_email}`}>{b.customer_email}</a>
      </Row>
      <Row label={t("bookings.details.phone")}>
        <a href={`tel:${b.customer_phone}`}>{b.customer_phone}</a>
      </Row>
      {b.hotel_name && (
        <Row label={t("bookings.details.hotel")}>
          {/* The address may be missing (a hotel named from "My booking"): no comma left hanging. */}
          <bdi data-testid="booking-hotel">{[b.hotel_name, b.hotel_address].filter((v) => v?.trim()).join(", ")}</bdi>
        </Row>
      )}
      {b.flight_number && <Row label={t("bookings.details.flight")}>{b.flight_number}</Row>}
    </ListBlock>
  );
}

export function VehicleBlock({ b }: { b: AdminBooking }) {
  const { t } = useAdminTranslation();
  return (
    <ListBlock title={t("bookings.details.vehicle")}>
      <Row label={t("bookings.details.model")}>{b.cars?.name}</Row>
      <Row label={t("bookings.details.brand")}>{b.cars?.brand}</Row>
      <Row label={t("bookings.details.category")}>{b.cars?.category}</Row>
    </ListBlock>
  );
}

/** What was ordered: insurance, extras (in the house's order), length and how it is paid. */
export function OrderBlock({ b }: { b: AdminBooking }) {
  const { t } = useAdminTranslation();
  const extraOrder = useExtraOrder();
  const extras = orderedExtras(b.extras, extraOrder ?? []);
  return (
    <ListBlock title={t("bookings.details.order")} testId="booking-order">
      <Row label={t("bookings.details.insurance")} testId="order-insurance">
        {insuranceName(b.insurance_type)}
      </Row>
      <Row label={t("bookings.details.extras")} testId="order-extras">
        {extras.length === 0 ? (
          <span className="adm-muted">{t("bookings.details.noExtras")}</span>
        ) : extraOrder === undefined ? null : (
          <ul className="adm-plain-list">
            {extras.map((e) => (
              <li key={e.key}>{e.label}</li>
            ))}
          </ul>
        )}
      </Row>
      <Row label={t("bookings.details.duration")}>{t("bookings.days", { count: b.quote?.days ?? b.days ?? 0 })}</Row>
      <Row label={t("bookings.details.paymentOption")}>{paymentOptionName(b.payment_option)}</Row>
    </ListBlock>
  );
}

/** The agreed breakdown, or only the total for a booking stored without one. */
export function PriceBlock({ b }: { b: AdminBooking }) {
  const { t } = useAdminTranslation();
  return (
    <Block title={t("bookings.details.price")}>
      {b.quote ? (
        <PriceBreakdown q={b.quote} total={b.total_price} />
      ) : (
        <>
          <dl className="adm-dl adm-dl--money">
            <Row label={t("bookings.details.total")}>
              <strong>{formatPrice(b.total_price ?? 0)}</strong>
            </Row>
          </dl>
          <p className="adm-muted">{t("bookings.details.noQuote")}</p>
        </>
      )}
    </Block>
  );
}

/** The hold (while the car is held or lapsing), when it was made and the agency's notes. */
export function StatusBlock({ b, now }: { b: AdminBooking; now: Date }) {
  const { t } = useAdminTranslation();
  const hold = holdState(b, now);
  return (
    <ListBlock title={t("bookings.details.status")} wide>
      {(hold?.kind === "held" || hold?.kind === "lapsing") && (
        <Row label={t("bookings.details.hold")}>
          <span data-testid="booking-hold-detail">
            {hold.kind === "held" ? formatAgencyDateTime(hold.until) : t("bookings.hold.lapsing")}
            <span className="adm-muted adm-block">{t("bookings.hold.hint")}</span>
          </span>
        </Row>
      )}
      {hold?.kind === "expired" && hold.at && <Row label={t("bookings.details.expiredAt")}>{formatAgencyDateTime(hold.at)}</Row>}
      <Row label={t("bookings.csv.createdAt")}>{formatDate(b.created_at)}</Row>
      <Row label={t("bookings.details.notes")}>{b.notes ? <span className="adm-pre">{b.notes}</span> : <span className="adm-muted">{t("bookings.details.noNotes")}</span>}</Row>
    </ListBlock>
  );
}
