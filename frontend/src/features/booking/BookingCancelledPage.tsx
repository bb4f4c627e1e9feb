/* eslint-disable max-lines-per-function -- over the house limit since before the rule: the ways forward after a cancellation in one body; to split per way. */
import { useQuery } from "@tanstack/react-query";
import { fetchExtraOrder } from "../../lib/extraOrderApi";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Icon } from "../../components/Icon";
import { guestId } from "../../lib/guest";
import { useFormat } from "../../lib/useFormat";
import { usePageMeta } from "../../lib/usePageMeta";
import { bookingOfOrder, findCarId, PAYPAL_ORDER_KEY, PENDING_BOOKING_KEY, sendPaypalOrder } from "./api";
import { OrderReceipt } from "./OrderReceipt";
import { paymentErrorText, type FunctionFailure } from "./paymentErrors";
import { retryBody, wayForwardError } from "./retry";
import { whatsappBookingText, type Receipt } from "./receipt";
import { SentView } from "./SentView";
import { HomeButton, StatusLoading, StatusPage } from "./StatusPage";
import { openWhatsapp } from "../../lib/whatsapp";

/**
 * /booking-cancelled: PayPal sends the visitor here after "cancel" on its page
 * (?token=<order id>), and the success page after a declined payment
 * (&declined=1). With an order id the booking is kept: same reference, dates held
 * while its hold lasts, and two ways on without the wizard: PayPal again (the
 * same order) or WhatsApp (the same details). Without one: SPEC's texts.
 */
export default function BookingCancelledPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return token ? <WayForward key={token} orderId={token} declined={params.get("declined") === "1"} /> : <Cancelled />;
}

function Cancelled() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageMeta(t("cancelled.title"), t("cancelled.text"), "/booking-cancelled");
  return (
    <StatusPage testId="booking-cancelled" title={t("cancelled.title")} lead={t("cancelled.text")}>
      <div className="hero-actions center">
        <button type="button" className="btn btn-outline btn-lg" onClick={() => navigate(-1)}>
          {t("common.back")}
        </button>
        <HomeButton label={t("common.home")} />
      </div>
    </StatusPage>
  );
}

type State =
  | { kind: "loading" }
  | { kind: "missing"; error: FunctionFailure }
  | { kind: "ready"; booking: Receipt }
  | { kind: "whatsapp"; booking: Receipt };

const MARK = "\u0000";

/** A text with the reference kept on one line (CR-XXXXX must not break at its hyphen). */
function withReference(text: string, reference: string): ReactNode {
  const [before, after] = text.split(MARK);
  return (
    <>
      {before}
      <span className="nowrap" dir="ltr">
        {reference}
      </span>
      {after}
    </>
  );
}

function readKept(): Record<string, unknown> | null {
  try {
    const raw = sessionStorage.getItem(PENDING_BOOKING_KEY);
    const v = raw ? (JSON.parse(raw) as unknown) : null;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function WayForward({ orderId, declined }: { orderId: string; declined: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // The booking of the order, read once per visit (a payment's state: never from cache).
  const { data: read } = useQuery({ queryKey: ["booking", "ofOrder", orderId], queryFn: () => bookingOfOrder("paypal-booking", orderId), staleTime: 0, gcTime: 0 });
  // Made a WhatsApp request here: that booking, as the function answered it.
  const [converted, setConverted] = useState<Receipt | null>(null);
  const state: State = converted
    ? { kind: "whatsapp", booking: converted }
    : !read
      ? { kind: "loading" }
      : !read.booking
        ? { kind: "missing", error: read.error ?? { message: "" } }
        : { kind: read.booking.payment_method === "whatsapp" ? "whatsapp" : "ready", booking: read.booking };
  const [busy, setBusy] = useState<"paypal" | "whatsapp" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = declined ? t("wayForward.declinedTitle") : t("wayForward.cancelledTitle");
  usePageMeta(title, title, "/booking-cancelled");

  if (state.kind === "loading") {
    return <StatusLoading label={t("booking.loading")} />;
  }
  if (state.kind === "missing") {
    return (
      <StatusPage testId="booking-cancelled" title={t("cancelled.title")} alert={wayForwardError(t, fmt, state.error)} leadTestId="way-forward-error">
        <div className="hero-actions center">
          <Link to="/vehicles" className="btn btn-outline btn-lg">
            {t("wayForward.startAgain")}
          </Link>
          <HomeButton label={t("common.home")} />
        </div>
      </StatusPage>
    );
  }
  const b = state.booking;
  if (state.kind === "whatsapp") {
    return (
      <SentView order={b} title={withReference(t("wayForward.whatsappTitle", { reference: MARK }), b.reference)} text={t("wayForward.whatsappText")} />
    );
  }

  const paid = b.payment_status === "paid" || b.status === "confirmed";
  const over = b.status === "cancelled" || paid;
  const lapsed = b.status === "expired";

  async function tryAgain() {
    setBusy("paypal");
    setError(null);
    const kept = readKept();
    // The receipt names the car, not its id: look it up only when the browser lost its copy.
    const carId = kept?.bookingId === b.id ? null : await findCarId(b.car);
    const body = retryBody(kept, b, carId, guestId());
    const r = await sendPaypalOrder(body);
    if (r.order) {
      sessionStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify(body));
      sessionStorage.setItem(PAYPAL_ORDER_KEY, r.order.orderId ?? "");
      window.location.assign(r.order.approveUrl);
      return;
    }
    setBusy(null);
    setError(r.error ? wayForwardError(t, fmt, r.error) : t("booking.paypalError"));
  }

  async function toWhatsapp() {
    setBusy("whatsapp");
    setError(null);
    const r = await bookingOfOrder("paypal-to-whatsapp", orderId);
    setBusy(null);
    if (!r.booking) {
      setError(wayForwardError(t, fmt, r.error ?? { message: "" }));
      return;
    }
    sessionStorage.removeItem(PENDING_BOOKING_KEY);
    sessionStorage.removeItem(PAYPAL_ORDER_KEY);
    openWhatsapp(whatsappBookingText(t, fmt, r.booking, await fetchExtraOrder()));
    setConverted(r.booking);
  }

  return (
    <StatusPage
      narrow
      testId="way-forward"
      declined={declined}
      title={title}
      leadTestId="way-forward-kept"
      lead={
        paid
          ? paymentErrorText(t, { message: "", code: "already_paid" })
          : b.status === "cancelled"
            ? paymentErrorText(t, { message: "", code: "booking_cancelled" })
            : lapsed || !b.hold_expires_at
              ? withReference(t("wayForward.lapsed", { reference: MARK }), b.reference)
              : withReference(t("wayForward.kept", { reference: MARK, until: fmt.instant(b.hold_expires_at) }), b.reference)
      }
    >
      {error && (
        <p className="alert alert-error" role="alert" data-testid="way-forward-error">
          {error}
        </p>
      )}
      {!over && (
        <div className="confirm-actions way-forward-actions">
          {!lapsed && (
            <button type="button" className="btn btn-paypal btn-lg" onClick={() => void tryAgain()} disabled={busy !== null} data-testid="retry-paypal">
              {busy === "paypal" ? t("booking.redirecting") : t("wayForward.retryPaypal")}
            </button>
          )}
          <button type="button" className="btn btn-whatsapp btn-lg" onClick={() => void toWhatsapp()} disabled={busy !== null} data-testid="switch-whatsapp">
            <Icon name="chat" /> {busy === "whatsapp" ? t("booking.sending") : t("wayForward.toWhatsapp")}
          </button>
        </div>
      )}
      {!over && <p className="muted small center">{t("wayForward.noReentry")}</p>}
      <OrderReceipt order={b} />
      <div className="hero-actions center">
        <HomeButton outline />
      </div>
    </StatusPage>
  );
}
