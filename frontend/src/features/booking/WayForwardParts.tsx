import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { useFormat } from "../../lib/useFormat";
import { OrderReceipt } from "./OrderReceipt";
import { paymentErrorText, type FunctionFailure } from "./paymentErrors";
import { wayForwardError } from "./retry";
import type { Receipt } from "./receipt";
import { HomeButton, StatusPage } from "./StatusPage";
import { useWayForwardActions } from "./useWayForward";

export const MARK = "\u0000";

/** A text with the reference kept on one line (CR-XXXXX must not break at its hyphen). */
export function withReference(text: string, reference: string): ReactNode {
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

/** No booking for the order: why, and a new start. */
export function WayForwardMissing({ error }: { error: FunctionFailure }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <StatusPage testId="booking-cancelled" title={t("cancelled.title")} alert={wayForwardError(t, fmt, error)} leadTestId="way-forward-error">
      <div className="hero-actions center">
        <Link to="/vehicles" className="btn btn-outline btn-lg">
          {t("wayForward.startAgain")}
        </Link>
        <HomeButton label={t("common.home")} />
      </div>
    </StatusPage>
  );
}

/** The kept booking with the ways on while it is neither paid, cancelled nor lapsed for PayPal. */
export function KeptBooking({
  b,
  orderId,
  declined,
  title,
  onConverted,
}: {
  b: Receipt;
  orderId: string;
  declined: boolean;
  title: string;
  onConverted: (booking: Receipt) => void;
}) {
  const { t } = useTranslation();
  const { busy, error, tryAgain, toWhatsapp } = useWayForwardActions(b, orderId, onConverted);
  const paid = b.payment_status === "paid" || b.status === "confirmed";
  const over = b.status === "cancelled" || paid;
  const lapsed = b.status === "expired";

  return (
    <StatusPage narrow testId="way-forward" declined={declined} title={title} leadTestId="way-forward-kept" lead={<KeptLead b={b} paid={paid} lapsed={lapsed} />}>
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

/** What became of the booking: already paid, cancelled, lapsed, or kept until its hold ends. */
function KeptLead({ b, paid, lapsed }: { b: Receipt; paid: boolean; lapsed: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return paid
    ? paymentErrorText(t, { message: "", code: "already_paid" })
    : b.status === "cancelled"
      ? paymentErrorText(t, { message: "", code: "booking_cancelled" })
      : lapsed || !b.hold_expires_at
        ? withReference(t("wayForward.lapsed", { reference: MARK }), b.reference)
        : withReference(t("wayForward.kept", { reference: MARK, until: fmt.instant(b.hold_expires_at) }), b.reference);
}
