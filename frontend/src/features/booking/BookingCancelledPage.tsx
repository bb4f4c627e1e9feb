import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { usePageMeta } from "../../lib/usePageMeta";
import { SentView } from "./SentView";
import { HomeButton, StatusLoading, StatusPage } from "./StatusPage";
import { useWayForwardState } from "./useWayForward";
import { KeptBooking, MARK, WayForwardMissing, withReference } from "./WayForwardParts";

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

function WayForward({ orderId, declined }: { orderId: string; declined: boolean }) {
  const { t } = useTranslation();
  const { state, setConverted } = useWayForwardState(orderId);
  const title = declined ? t("wayForward.declinedTitle") : t("wayForward.cancelledTitle");
  usePageMeta(title, title, "/booking-cancelled");

  if (state.kind === "loading") {
    return <StatusLoading label={t("booking.loading")} />;
  }
  if (state.kind === "missing") return <WayForwardMissing error={state.error} />;
  const b = state.booking;
  if (state.kind === "whatsapp") {
    return (
      <SentView order={b} title={withReference(t("wayForward.whatsappTitle", { reference: MARK }), b.reference)} text={t("wayForward.whatsappText")} />
    );
  }
  return <KeptBooking b={b} orderId={orderId} declined={declined} title={title} onConverted={setConverted} />;
}
