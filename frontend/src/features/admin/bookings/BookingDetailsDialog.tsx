import { useState, type ReactNode } from "react";
import { formatDate, formatLongDate, formatNumber, formatPrice, formatTime } from "../../../lib/format";
import { Dialog } from "../components/Dialog";
import { IconCash, IconEdit, IconRefund, IconTrash } from "../components/icons";
import { Spinner } from "../components/Spinner";
import { fr } from "../i18n/fr";
import { CounterPaymentDialog } from "../payments/CounterPaymentDialog";
import { PaymentBadge } from "../payments/PaymentBadge";
import { PaymentsList } from "../payments/PaymentsList";
import { canRefund, ledgerSummary, remainingDue, type LedgerSummary } from "../payments/paymentView";
import { RefundDialog } from "../payments/RefundDialog";
import { useBookingPayments } from "../payments/useBookingPayments";
import { formatAgencyDateTime, holdsCar, holdState } from "./bookingView";
import { insuranceName, orderedExtras, paymentMethodName, paymentOptionName } from "./options";
import { BookingRef } from "./BookingRef";
import { BookingStatusBadge } from "./StatusBadge";
import type { AdminBooking, BookingQuote } from "./types";

const d = fr.bookings.details;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="adm-dl__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children ?? fr.common.none}</dd>
    </div>
  );
}

function Block({ title, children, wide, testId }: { title: string; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <section className={`adm-detail-block${wide ? " adm-detail-block--wide" : ""}`} data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

const percent = (rate: number) => formatNumber(Math.round(rate * 10000) / 100);

/** The breakdown agreed when the booking was made (bookings.quote, set by the database). */
function PriceBreakdown({ q, total }: { q: BookingQuote; total: number | null }) {
  return (
    <dl className="adm-dl adm-dl--money" data-testid="booking-breakdown">
      <Row label={d.rental(fr.bookings.days(q.days), formatPrice(q.daily_price))} testId="price-rental">
        {formatPrice(q.base)}
      </Row>
      <Row label={d.insurancePrice} testId="price-insurance">
        {formatPrice(q.insurance)}
      </Row>
      <Row label={d.extrasPrice} testId="price-extras">
        {formatPrice(q.extras)}
      </Row>
      {q.discount > 0 && (
        <>
          <Row label={d.subtotal}>{formatPrice(q.subtotal)}</Row>
          <Row label={d.discount(percent(q.discount_rate))} testId="price-discount">
            − {formatPrice(q.discount)}
          </Row>
        </>
      )}
      <div className="adm-dl__row adm-dl__row--total" data-testid="price-total">
        <dt>{d.total}</dt>
        <dd>
          <strong>{formatPrice(total ?? q.total)}</strong>
        </dd>
      </div>
      <Row label={d.dueNow(formatNumber(q.due_now_percent))} testId="price-due-now">
        {formatPrice(q.due_now)}
      </Row>
      <Row label={d.dueAtPickup} testId="price-due-at-pickup">
        {formatPrice(q.due_at_pickup)}
      </Row>
      {q.deposit !== undefined && (
        <Row label={d.deposit} testId="price-deposit">
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
  const hold = b ? holdState(b, now) : null;
  const ledger = useBookingPayments(b?.id ?? null);
  const summary: LedgerSummary | null = ledger.payments ? ledgerSummary(ledger.payments) : null;
  const [action, setAction] = useState<"counter" | "refund" | null>(null);
  const remaining = b && summary ? remainingDue(b.total_price, summary.received) : null;
  const extras = b ? orderedExtras(b.extras) : [];

  function close() {
    setAction(null);
    onClose();
  }

  function changed(updated: AdminBooking) {
    ledger.reload();
    onChanged?.(updated);
  }

  return (
    <>
      <Dialog
        open={b !== null}
        title={b ? <>{d.title} <BookingRef booking={b} /></> : d.title}
        onClose={close}
        size="lg"
        footer={
          b && (
            <>
              {onDelete && (
                <button type="button" className="adm-btn adm-btn--danger" onClick={() => onDelete(b)}>
                  <IconTrash size={18} /> {fr.common.delete}
                </button>
              )}
              {onEdit && (
                <button type="button" className="adm-btn adm-btn--secondary" onClick={() => onEdit(b)}>
                  <IconEdit size={18} /> {fr.bookings.editStatus}
                </button>
              )}
              <button type="button" className="adm-btn adm-btn--ghost" onClick={close}>
                {fr.common.close}
              </button>
            </>
          )
        }
      >
        {b && (
          <div className="adm-details" data-testid="booking-details" data-booking-id={b.id}>
            <div className="adm-details__head adm-detail-block--wide">
              <span className="adm-details__ref adm-mono" data-testid="booking-reference">
                <span className="adm-visually-hidden">{d.reference} </span>
                {b.reference ?? fr.common.none}
              </span>
              <BookingStatusBadge status={b.status} />
              <PaymentBadge status={b.payment_status} />
            </div>
            <Block title={d.customer}>
              <dl className="adm-dl">
                <Row label={d.name}>{b.customer_name}</Row>
                <Row label={d.email}>
                  <a href={`mailto:${b.customer_email}`}>{b.customer_email}</a>
                </Row>
                <Row label={d.phone}>
                  <a href={`tel:${b.customer_phone}`}>{b.customer_phone}</a>
                </Row>
              </dl>
            </Block>
            <Block title={d.vehicle}>
              <dl className="adm-dl">
                <Row label={d.model}>{b.cars?.name}</Row>
                <Row label={d.brand}>{b.cars?.brand}</Row>
                <Row label={d.category}>{b.cars?.category}</Row>
              </dl>
            </Block>
            <Block title={d.pickup}>
              <dl className="adm-dl">
                <Row label={d.location}>{b.pickup_location}</Row>
                <Row label={d.date}>{b.start_date ? formatLongDate(b.start_date) : null}</Row>
                <Row label={d.time}>{formatTime(b.pickup_time) || null}</Row>
              </dl>
            </Block>
            <Block title={d.return}>
              <dl className="adm-dl">
                <Row label={d.location}>{b.return_location}</Row>
                <Row label={d.date}>{b.end_date ? formatLongDate(b.end_date) : null}</Row>
                <Row label={d.time}>{formatTime(b.return_time) || null}</Row>
              </dl>
            </Block>
            <Block title={d.order} testId="booking-order">
              <dl className="adm-dl">
                <Row label={d.insurance} testId="order-insurance">
                  {insuranceName(b.insurance_type)}
                </Row>
                <Row label={d.extras} testId="order-extras">
                  {extras.length === 0 ? (
                    <span className="adm-muted">{d.noExtras}</span>
                  ) : (
                    <ul className="adm-plain-list">
                      {extras.map((e) => (
                        <li key={e.key}>{e.label}</li>
                      ))}
                    </ul>
                  )}
                </Row>
                <Row label={d.duration}>{fr.bookings.days(b.quote?.days ?? b.days ?? 0)}</Row>
                <Row label={d.paymentOption}>{paymentOptionName(b.payment_option)}</Row>
              </dl>
            </Block>
            <Block title={d.price}>
              {b.quote ? (
                <PriceBreakdown q={b.quote} total={b.total_price} />
              ) : (
                <>
                  <dl className="adm-dl adm-dl--money">
                    <Row label={d.total}>
                      <strong>{formatPrice(b.total_price ?? 0)}</strong>
                    </Row>
                  </dl>
                  <p className="adm-muted">{d.noQuote}</p>
                </>
              )}
            </Block>
            <Block title={d.payment} wide testId="booking-payment">
              <dl className="adm-dl">
                <Row label={d.method}>{paymentMethodName(b.payment_method)}</Row>
                <Row label={d.paymentStatus}>
                  <PaymentBadge status={b.payment_status} />
                </Row>
                {b.payment_id && <Row label={d.paymentId}>{<span className="adm-mono">{b.payment_id}</span>}</Row>}
                {b.payment_error && <Row label={d.paymentError}>{b.payment_error}</Row>}
                {summary && (
                  <Row label={d.received} testId="booking-received">
                    <strong>{formatPrice(summary.received)}</strong>
                  </Row>
                )}
                {summary && remaining !== null && holdsCar(b.status) && (
                  <Row label={d.remaining} testId="booking-remaining">
                    {formatPrice(remaining)}
                  </Row>
                )}
              </dl>
              <div className="adm-details__actions">
                <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" onClick={() => setAction("counter")} data-testid="record-counter">
                  <IconCash size={18} /> {d.recordCounter}
                </button>
                {canRefund(b.payment_status) && (
                  <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" onClick={() => setAction("refund")} data-testid="open-refund">
                    <IconRefund size={18} /> {d.refund}
                  </button>
                )}
              </div>
              <h4 className="adm-details__sub">{d.movements}</h4>
              {ledger.failed ? (
                <p className="adm-alert adm-alert--error">{d.movementsError}</p>
              ) : !ledger.payments ? (
                <Spinner size="sm" label={fr.common.loading} />
              ) : ledger.payments.length === 0 ? (
                <p className="adm-muted">{d.noMovements}</p>
              ) : (
                <PaymentsList payments={ledger.payments} />
              )}
            </Block>
            <Block title={d.status} wide>
              <dl className="adm-dl">
                {(hold?.kind === "held" || hold?.kind === "lapsing") && (
                  <Row label={d.hold}>
                    <span data-testid="booking-hold-detail">
                      {hold.kind === "held" ? formatAgencyDateTime(hold.until) : fr.bookings.hold.lapsing}
                      <span className="adm-muted adm-block">{fr.bookings.hold.hint}</span>
                    </span>
                  </Row>
                )}
                {hold?.kind === "expired" && hold.at && <Row label={d.expiredAt}>{formatAgencyDateTime(hold.at)}</Row>}
                <Row label={fr.bookings.csv.createdAt}>{formatDate(b.created_at)}</Row>
                <Row label={d.notes}>{b.notes ? <span className="adm-pre">{b.notes}</span> : <span className="adm-muted">{d.noNotes}</span>}</Row>
              </dl>
            </Block>
          </div>
        )}
      </Dialog>
      <CounterPaymentDialog booking={b} open={action === "counter"} remaining={remaining} onClose={() => setAction(null)} onDone={changed} />
      <RefundDialog booking={b} open={action === "refund"} summary={summary} onClose={() => setAction(null)} onDone={changed} />
    </>
  );
}
