import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Icon } from "../../components/Icon";
import { toast } from "../../components/toast";
import { CheckList } from "../../components/sections";
import { FIGURES } from "../../config/site";
import { useFormat } from "../../lib/useFormat";
import { tList } from "../../lib/tList";
import { usePageMeta } from "../../lib/usePageMeta";
import { ManageLink } from "./ManageLink";
import { OrderReceipt } from "./OrderReceipt";
import { Row } from "./Row";
import { HomeButton, StatusLoading, StatusPage } from "./StatusPage";
import type { Order } from "./receipt";
import { paymentErrorText } from "./paymentErrors";
import { capturePaypalPayment, PAYPAL_ORDER_KEY, PENDING_BOOKING_KEY, type CapturedBooking } from "./api";

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "success"; booking: CapturedBooking };

// One capture per order even if the effect runs twice (React strict mode).
const inFlight = new Map<string, ReturnType<typeof capturePaypalPayment>>();

function readPending(): unknown {
  try {
    const raw = sessionStorage.getItem(PENDING_BOOKING_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * The capture of the PayPal order named in the return address (token, PayerID): loading,
 * then the captured booking or an error; a declined payment leads to the way-forward page.
 */
function useCapture(token: string | null, payerId: string | null): State {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const missing = !token || !payerId;
  const [captured, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    if (!token || !payerId) return;
    // The booking was stored on the server before leaving for PayPal, so the
    // browser's copy is optional (sent along when present, as SPEC section 7 does).
    const pending = readPending();
    let call = inFlight.get(token);
    if (!call) {
      call = capturePaypalPayment(token, pending);
      inFlight.set(token, call);
    }
    let live = true;
    void call.then((r) => {
      if (!live) return;
      if (r.booking) {
        sessionStorage.removeItem(PENDING_BOOKING_KEY);
        sessionStorage.removeItem(PAYPAL_ORDER_KEY);
        toast(t("success.toast"), "success");
        setState({ kind: "success", booking: r.booking });
      } else if (r.error?.code === "payment_declined") {
        // The booking is kept (held, payment failed): the way-forward page offers PayPal again or WhatsApp.
        inFlight.delete(token);
        navigate(`/booking-cancelled?${new URLSearchParams({ token, declined: "1" }).toString()}`, { replace: true });
      } else {
        inFlight.delete(token);
        const message = (r.error && (paymentErrorText(t, r.error) ?? r.error.message)) || t("success.captureError");
        toast(t("success.errorToast", { message }), "error");
        setState({ kind: "error", message });
      }
    });
    return () => {
      live = false;
    };
  }, [token, payerId, t, navigate]);

  return missing ? { kind: "error", message: t("success.missingParams") } : captured;
}

/** The paid booking's receipt: its number (when it has no reference), status, customer, total and payment. */
function PaidReceipt({ booking: b }: { booking: CapturedBooking }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const order: Order = {
    ...b,
    reference: b.reference ?? null,
    car: b.car ?? null,
    insurance_type: b.insurance_type ?? null,
    extras: b.extras ?? null,
    payment_option: b.payment_option ?? null,
    quote: b.quote ?? null,
  };
  return (
    <OrderReceipt order={order} paid>
      {!b.reference && (
        <Row label={t("success.number")} testId="booking-number">
          #{b.id.slice(0, 8).toUpperCase()}
        </Row>
      )}
      <Row label={t("success.status")}>
        <span className="badge badge-ok">{t("success.confirmed")}</span>
      </Row>
      <Row label={t("success.customer")}>
        {b.customer_name}
        <br />
        <bdi className="muted" dir="ltr">
          {b.customer_email}
        </bdi>
      </Row>
      <Row label={t("success.total")} className="price" testId="booking-total">
        <strong>{fmt.price(b.total_price)}</strong>
        {b.charge_amount != null && b.charge_currency && (
          <span className="muted small" data-testid="charged">
            <br />
            {t("success.charged", { amount: fmt.money(Number(b.charge_amount), b.charge_currency) })}
          </span>
        )}
      </Row>
      <Row label={t("success.method")}>PayPal</Row>
      <Row label={t("success.transaction")} className="mono">
        <bdi dir="ltr">{b.payment_id}</bdi>
      </Row>
    </OrderReceipt>
  );
}

/** What to do next: the information for the day, home and print. */
function NextSteps({ email }: { email: string }) {
  const { t } = useTranslation();
  const info = tList<string>(t, "success.info", { minutes: FIGURES.arriveEarlyMinutes, email });
  return (
    <>
      <div className="card">
        <h2>{t("success.infoTitle")}</h2>
        <CheckList items={info} />
      </div>
      <div className="hero-actions center no-print">
        <HomeButton />
        <button type="button" className="btn btn-outline btn-lg" onClick={() => window.print()}>
          <Icon name="print" /> {t("success.print")}
        </button>
      </div>
    </>
  );
}

export default function BookingSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  usePageMeta(t("success.metaTitle"), t("success.metaTitle"), "/booking-success");
  const state = useCapture(params.get("token"), params.get("PayerID") ?? params.get("payerId"));

  if (state.kind === "loading") {
    return <StatusLoading label={t("success.processing")} />;
  }
  if (state.kind === "error") {
    return (
      <StatusPage testId="booking-error" title={t("success.errorTitle")} alert={state.message}>
        <HomeButton />
      </StatusPage>
    );
  }
  return (
    <StatusPage ok narrow testId="booking-success" title={t("success.title")} lead={t("success.subtitle")}>
      <PaidReceipt booking={state.booking} />
      <ManageLink />
      <NextSteps email={state.booking.customer_email} />
    </StatusPage>
  );
}
