import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Spinner } from "../../components/Spinner";
import { SITE } from "../../config/site";
import { useFormat } from "../../lib/useFormat";
import { OrderReceipt, Row } from "../booking";
import { cancelBooking, cancelLate, readBooking, refundNow, type Failure, type MyBooking } from "./api";
import { failureText } from "./failureText";
import { ChangeForm, DetailsForm } from "./Forms";

/** The booking a link opened, with what the traveller may do alone. */
export function ManageBooking({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ["myBooking", token];
  // Never from cache: a refund or the agency's answer may have changed it.
  const { data: read } = useQuery({ queryKey: key, queryFn: () => readBooking(token), staleTime: 0, gcTime: 0 });
  const linkDead = read && !read.ok && read.failure.kind === "link";
  useEffect(() => {
    if (linkDead) onExpired();
  }, [linkDead, onExpired]);
  if (!read) return <Spinner label={t("myBooking.loading")} />;
  if (!read.ok) {
    return (
      <p className="alert alert-error" role="alert">
        {t("myBooking.error")}
      </p>
    );
  }
  const b = read.value;
  const show = (next: MyBooking) => client.setQueryData(key, { ok: true, value: next });
  const open = b.status === "pending" || b.status === "confirmed";
  return (
    <div className="my-booking-view" data-testid="my-booking" data-status={b.status}>
      <OrderReceipt order={{ ...b, customer_email: "" }} paid={b.payment_status === "paid"}>
        <Row label={t("myBooking.status")} testId="my-booking-status">
          {t(`myBooking.statuses.${b.status}`)}
        </Row>
        <Row label={t("myBooking.payment")} testId="my-booking-payment">
          {t(`myBooking.payments.${b.payment_status}`)}
        </Row>
      </OrderReceipt>
      <Ledger booking={b} />
      <Requests booking={b} />
      {open ? (
        <>
          <DetailsForm token={token} booking={b} onSaved={show} />
          <ChangeForm token={token} booking={b} onSent={show} />
        </>
      ) : (
        b.status !== "cancelled" && <p className="muted">{t("myBooking.closed")}</p>
      )}
      {open && b.cancellation.possible && <CancelSection token={token} booking={b} onCancelled={show} />}
    </div>
  );
}

function Ledger({ booking }: { booking: MyBooking }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <section className="card" aria-labelledby="mb-ledger">
      <h2 id="mb-ledger">{t("myBooking.ledgerTitle")}</h2>
      {booking.payments.length === 0 ? (
        <p className="muted">{t("myBooking.ledgerEmpty")}</p>
      ) : (
        <ul className="my-booking-ledger" data-testid="my-booking-ledger">
          {booking.payments.map((p, i) => (
            <li key={i} data-kind={p.kind} data-state={p.status}>
              <span>
                {t(`myBooking.ledger.${p.kind}`)} — {t(`myBooking.ledgerStates.${p.status}`)}
              </span>
              <bdi dir="ltr" className="nowrap">
                {p.kind === "refund" ? "−" : ""}
                {fmt.price(p.amount_mad)}
                {p.currency !== "MAD" ? ` (${fmt.money(p.amount, p.currency)})` : ""}
              </bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Requests({ booking }: { booking: MyBooking }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (booking.requests.length === 0) return null;
  return (
    <section className="card" aria-labelledby="mb-requests">
      <h2 id="mb-requests">{t("myBooking.requestsTitle")}</h2>
      <ul className="my-booking-requests" data-testid="my-booking-requests">
        {booking.requests.map((r) => (
          <li key={r.id} data-state={r.state}>
            {r.kind === "cancellation" ? (
              <span>{r.fee != null && r.fee > 0 ? t("myBooking.cancellationLate", { fee: fmt.price(r.fee) }) : t("myBooking.cancellationDone")}</span>
            ) : (
              <>
                <span>
                  {t("myBooking.requestLine", {
                    car: r.car ? `${r.car.brand} ${r.car.name}` : "—",
                    from: r.start_date ? fmt.day(r.start_date) : "",
                    to: r.end_date ? fmt.day(r.end_date) : "",
                    total: r.total == null ? "—" : fmt.price(r.total),
                  })}
                </span>
                <small className="muted">{r.available ? t("myBooking.available") : t("myBooking.notAvailable")}</small>
              </>
            )}
            <strong>{t(`myBooking.requestStates.${r.state}`)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Cancelling: free inside the window (what was paid online comes back), after it
 * for the fee the booking's quote states (shown before anything is asked; what
 * was paid online comes back less the fee). The database decides both; the page
 * sends back the fee it showed.
 */
function CancelSection({ token, booking, onCancelled }: { token: string; booking: MyBooking; onCancelled: (b: MyBooking) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [step, setStep] = useState<"idle" | "confirm" | "busy">("idle");
  const [failure, setFailure] = useState<Failure | null>(null);
  const c = booking.cancellation;
  const late = !c.free_now || failure?.kind === "late";
  // The cost the database last stated (a refusal carries the current one).
  const cost = failure?.kind === "late" ? failure.cost : c.cost;
  const paidOnline = booking.payments.some((p) => p.kind === "paypal" && p.status === "captured");
  async function cancel() {
    setStep("busy");
    const r = late ? await cancelLate(token, cost) : await cancelBooking(token);
    if (!r.ok) {
      setFailure(r.failure);
      setStep("idle");
      return;
    }
    if (r.value.payments.some((p) => p.kind === "refund" && p.status === "pending")) {
      await refundNow(token);
      const again = await readBooking(token);
      onCancelled(again.ok ? again.value : r.value);
    } else onCancelled(r.value);
  }
  const price = fmt.price(cost);
  return (
    <section className="card my-booking-cancel" aria-labelledby="mb-cancel" data-testid="my-booking-cancel" data-late={String(late)}>
      <h2 id="mb-cancel">{t("myBooking.cancelTitle")}</h2>
      {late ? (
        <p className="alert alert-info" data-testid="my-booking-late">
          {c.free_until ? t("myBooking.lateEnded", { until: fmt.moment(c.free_until), cost: price }) : t("myBooking.lateNoFree", { cost: price })}
        </p>
      ) : (
        c.free_until && <p data-testid="my-booking-free-until">{t("myBooking.freeUntil", { until: fmt.moment(c.free_until) })}</p>
      )}
      {paidOnline &&
        (late ? (
          c.refund > 0 && (
            <p className="muted" data-testid="my-booking-late-refund">
              {t("myBooking.lateRefund", { refund: fmt.price(c.refund) })}
            </p>
          )
        ) : (
          <p className="muted">{t("myBooking.refundNote")}</p>
        ))}
      {failure && (
        <p className="alert alert-error" role="alert" data-testid="my-booking-cancel-error">
          {failure.kind === "late" ? t("myBooking.lateCostChanged", { cost: price }) : failureText(t, failure, fmt)}
        </p>
      )}
      {step === "idle" ? (
        <button type="button" className="btn btn-accent" onClick={() => setStep("confirm")} data-testid="my-booking-cancel-start">
          {late ? t("myBooking.lateCancel", { cost: price }) : t("myBooking.cancel")}
        </button>
      ) : (
        <div role="group" aria-labelledby="mb-cancel-ask" className="my-booking-confirm">
          <p id="mb-cancel-ask">{late ? t("myBooking.lateAsk", { cost: price }) : t("myBooking.cancelAsk")}</p>
          <button type="button" className="btn btn-accent" onClick={() => void cancel()} disabled={step === "busy"} autoFocus data-testid="my-booking-cancel-confirm">
            {step === "busy" ? t("myBooking.cancelling") : late ? t("myBooking.confirmLateCancel", { cost: price }) : t("myBooking.confirmCancel")}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setStep("idle")} disabled={step === "busy"}>
            {t("myBooking.keep")}
          </button>
        </div>
      )}
      {late && (
        <p className="my-booking-contact">
          <Link className="btn btn-outline" to="/contact">
            {t("myBooking.contact")}
          </Link>{" "}
          <a className="btn btn-outline" href={`tel:+${SITE.phoneDigits}`} dir="ltr">
            {SITE.phone}
          </a>
        </p>
      )}
    </section>
  );
}
