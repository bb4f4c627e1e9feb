import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchExtraOrder } from "../../lib/extraOrderApi";
import { guestId } from "../../lib/guest";
import { useFormat } from "../../lib/useFormat";
import { openWhatsapp } from "../../lib/whatsapp";
import { bookingOfOrder, findCarId, PAYPAL_ORDER_KEY, PENDING_BOOKING_KEY, sendPaypalOrder } from "./api";
import type { FunctionFailure } from "./paymentErrors";
import { retryBody, wayForwardError } from "./retry";
import { whatsappBookingText, type Receipt } from "./receipt";

export type WayForwardState =
  | { kind: "loading" }
  | { kind: "missing"; error: FunctionFailure }
  | { kind: "ready"; booking: Receipt }
  | { kind: "whatsapp"; booking: Receipt };

/** The booking of the order and where the visitor stands with it; `setConverted` after a WhatsApp request made here. */
export function useWayForwardState(orderId: string) {
  // The booking of the order, read once per visit (a payment's state: never from cache).
  const { data: read } = useQuery({ queryKey: ["booking", "ofOrder", orderId], queryFn: () => bookingOfOrder("paypal-booking", orderId), staleTime: 0, gcTime: 0 });
  // Made a WhatsApp request here: that booking, as the function answered it.
  const [converted, setConverted] = useState<Receipt | null>(null);
  const state: WayForwardState = converted
    ? { kind: "whatsapp", booking: converted }
    : !read
      ? { kind: "loading" }
      : !read.booking
        ? { kind: "missing", error: read.error ?? { message: "" } }
        : { kind: read.booking.payment_method === "whatsapp" ? "whatsapp" : "ready", booking: read.booking };
  return { state, setConverted };
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

/** The two ways on with a kept booking: PayPal again (the same order) or WhatsApp (the same details). */
export function useWayForwardActions(b: Receipt, orderId: string, onConverted: (booking: Receipt) => void) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [busy, setBusy] = useState<"paypal" | "whatsapp" | null>(null);
  const [error, setError] = useState<string | null>(null);

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
    onConverted(r.booking);
  }

  return { busy, error, tryAgain, toWhatsapp };
}
