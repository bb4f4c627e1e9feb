import { useState, type ReactNode } from "react";
import { formatDate, formatLongDate, formatNumber, formatPrice, formatTime } from "../../lib/format";
import { DetailRow as Row, DetailsFooter, Dialog, IconCash, IconEdit, IconRefund, Spinner, useAdminTranslation } from "../admin-kit";
import { BookingFormDialog, canRefund, CounterPaymentForm, ledgerSummary, type LedgerSummary, PaymentBadge, PaymentsList, RefundForm, remainingDue, useBookingPayments } from "../admin-payments";
import { type AdminBooking, type BookingQuote, BookingRef, BookingStatusBadge, formatAgencyDateTime, holdsCar, holdState, insuranceName, orderedExtras, paymentMethodName, paymentOptionName } from "../admin-booking-core";
import { useExtraOrder } from "../../lib/extraOrderApi";

function Block({ title, children, wide, testId }: { title: string; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <section className={`adm-detail-block${wide ? " adm-detail-block--wide" : ""}`} data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** Where and when the car is picked up, or returned. */
function Leg({ title, location, date, time }: { title: string; location: string | null; date: string | null; time: string | null }) {
  const { t } = useAdminTranslation();
  return (
    <Block title={title}>
      <dl className="adm-dl">
        <Row label={t("bookings.details.location")}>{location}</Row>
        <Row label={t("bookings.details.date")}>{date ? formatLongDate(date) : null}</Row>
        <Row label={t("bookings.details.time")}>{formatTime(time) || null}</Row>
      </dl>
    </Block>
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

interface Props {
  booking: AdminBooking | null;
  onClose: () => void;
  /** Shows a delete button. */
  onDelete?: (b: AdminBooking) => void;
  /** Shows a button to the status and notes dialog. */
  onEdit?: (b: AdminBooking) => void;
  /** A payment was recorded or refunded: the booking as stored now (the page refreshes its figures). */
  onChanged?: (b: AdminBooking) => void;
  now?: Date;
}

export function BookingDetailsDialog({ booking: b, onClose, onDelete, onEdit, onChanged, now = new Date() }: Props) {
  const { t } = useAdminTranslation();
  const extraOrder = useExtraOrder();
  const hold = b ? holdState(b, now) : null;
  const ledger = useBookingPayments(b?.id ?? null);
  const summary: LedgerSummary | null = ledger.payments ? ledgerSummary(ledger.payments) : null;
  const [action, setAction] = useState<"counter" | "refund" | null>(null);
  const remaining = b && summary ? remainingDue(b.total_price, summary.received) : null;
  const extras = b ? orderedExtras(b.extras, extraOrder ?? []) : [];

  function close() {
    setAction(null);
    onClose();
  }

  function changed(updated: AdminBooking) {
    // The ledger and the figures are read again by the payment's own mutation (adminKeys).
    onChanged?.(updated);
  }

  return (
    <>
      <Dialog
        open={b !== null}
        title={b ? <>{t("bookings.details.title")} <BookingRef booking={b} /></> : t("bookings.details.title")}
        onClose={close}
        size="lg"
        footer={
          b && (
            <DetailsFooter onClose={close} onDelete={onDelete && (() => onDelete(b))}>
              {onEdit && (
                <button type="button" className="adm-btn adm-btn--secondary" onClick={() => onEdit(b)}>
                  <IconEdit size={18} /> {t("bookings.editStatus")}
                </button>
              )}
            </DetailsFooter>
          )
        }
      >
        {b && (
          <div className="adm-details" data-testid="booking-details" data-booking-id={b.id}>
            <div className="adm-details__head adm-detail-block--wide">
              <span className="adm-details__ref adm-mono" data-testid="booking-reference">
                <span className="visually-hidden">{t("bookings.details.reference")} </span>
                {b.reference ?? t("common.none")}
              </span>
              <BookingStatusBadge status={b.status} />
              <PaymentBadge status={b.payment_status} />
            </div>
            <Block title={t("bookings.details.customer")}>
              <dl className="adm-dl">
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
              </dl>
            </Block>
            <Block title={t("bookings.details.vehicle")}>
              <dl className="adm-dl">
                <Row label={t("bookings.details.model")}>{b.cars?.name}</Row>
                <Row label={t("bookings.details.brand")}>{b.cars?.brand}</Row>
                <Row label={t("bookings.details.category")}>{b.cars?.category}</Row>
              </dl>
            </Block>
            <Leg title={t("bookings.details.pickup")} location={b.pickup_location} date={b.start_date} time={b.pickup_time} />
            <Leg title={t("bookings.details.return")} location={b.return_location} date={b.end_date} time={b.return_time} />
            <Block title={t("bookings.details.order")} testId="booking-order">
              <dl className="adm-dl">
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
              </dl>
            </Block>
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
            <Block title={t("bookings.details.payment")} wide testId="booking-payment">
              <dl className="adm-dl">
                <Row label={t("bookings.details.method")}>{paymentMethodName(b.payment_method)}</Row>
                <Row label={t("bookings.details.paymentStatus")}>
                  <PaymentBadge status={b.payment_status} />
                </Row>
                {b.payment_id && <Row label={t("bookings.details.paymentId")}>{<span className="adm-mono">{b.payment_id}</span>}</Row>}
                {b.payment_error && <Row label={t("bookings.details.paymentError")}>{b.payment_error}</Row>}
                {summary && (
                  <Row label={t("bookings.details.received")} testId="booking-received">
                    <strong>{formatPrice(summary.received)}</strong>
                  </Row>
                )}
                {summary && remaining !== null && holdsCar(b.status) && (
                  <Row label={t("bookings.details.remaining")} testId="booking-remaining">
                    {formatPrice(remaining)}
                  </Row>
                )}
              </dl>
              <div className="adm-details__actions">
                <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" onClick={() => setAction("counter")} data-testid="record-counter">
                  <IconCash size={18} /> {t("bookings.details.recordCounter")}
                </button>
                {canRefund(b.payment_status) && (
                  <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" onClick={() => setAction("refund")} data-testid="open-refund">
                    <IconRefund size={18} /> {t("bookings.details.refund")}
                  </button>
                )}
              </div>
              <h4 className="adm-details__sub">{t("bookings.details.movements")}</h4>
              {ledger.failed ? (
                <p className="adm-alert adm-alert--error">{t("bookings.details.movementsError")}</p>
              ) : !ledger.payments ? (
                <Spinner size="sm" label={t("common.loading")} />
              ) : ledger.payments.length === 0 ? (
                <p className="adm-muted">{t("bookings.details.noMovements")}</p>
              ) : (
                <PaymentsList payments={ledger.payments} />
              )}
            </Block>
            <Block title={t("bookings.details.status")} wide>
              <dl className="adm-dl">
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
              </dl>
            </Block>
          </div>
        )}
      </Dialog>
      {/* The payment actions' dialog: money taken at the counter, or a refund without cancelling. */}
      <BookingFormDialog
        booking={b}
        open={action !== null}
        title={action === "refund" ? t("payments.refund.title") : t("payments.counter.title")}
        onClose={() => setAction(null)}
        onDone={changed}
        form={(p) => (action === "refund" ? <RefundForm {...p} summary={summary} /> : <CounterPaymentForm {...p} remaining={remaining} />)}
      />
    </>
  );
}
