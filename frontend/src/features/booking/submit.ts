import type { TFunction } from "i18next";
import { fetchExtraOrder } from "../../lib/extraOrderApi";
import type { Formatters } from "../../lib/useFormat";
import { trackWhatsappClick, type FleetCar } from "../cars";
import { fetchAvailability, pickupMoment, returnMoment, conflictOf, conflictOfAvailability, type Conflict } from "../search";
import { randomUUID } from "../../lib/guest";
import { createPaypalOrder, fetchReceipt, insertWhatsappBooking, paypalOrderBody, PAYPAL_ORDER_KEY, PENDING_BOOKING_KEY } from "./api";
import { tripOfForm } from "./bookingForm";
import { paymentErrorText } from "./paymentErrors";
import type { BookingForm, BookingRequest } from "./types";
import type { Quote } from "./price";
import { orderOfForm, whatsappBookingText, type Order } from "./receipt";
import { openWhatsapp } from "../../lib/whatsapp";

// The wizard's three calls to the database: is the car free for these dates
// (step 1), store a WhatsApp request, open a PayPal order. Each says what the
// page shows next; a refusal for the dates is never a generic error.

export type Outcome = { kind: "sent"; order?: Order } | { kind: "refused"; conflict: Conflict } | { kind: "failed"; message: string };

/** Step 1: the database's refusal of these dates for the car, or null (free, or no answer: the insert checks again). */
export async function datesRefusal(car: FleetCar, form: BookingForm): Promise<Conflict | null> {
  const trip = tripOfForm(form);
  const rows = await fetchAvailability(pickupMoment(trip), returnMoment(trip), car.id);
  const row = rows?.find((r) => r.car_id === car.id);
  return row ? conflictOfAvailability(row, car.not_available_until) : null;
}

/**
 * Stores the request (unless the car is the local sample one) under an id chosen
 * here, reads back its reference and stored breakdown (booking_receipt), tracks
 * the click and opens the chat with everything ordered, in the visitor's
 * language. Dates lost to another visitor: refused, and no chat.
 */
export async function sendWhatsapp(p: {
  car: FleetCar;
  form: BookingForm;
  request: BookingRequest;
  fromFallback: boolean;
  quote: Quote | null;
  t: TFunction;
  fmt: Formatters;
  onStored: () => void;
}): Promise<Outcome> {
  const { car, form, request, t, fmt } = p;
  const id = randomUUID();
  const result = p.fromFallback ? { stored: false as const, conflict: null } : await insertWhatsappBooking(request, id);
  if (!result.stored && result.conflict) return { kind: "refused", conflict: result.conflict };
  if (result.stored) p.onStored();
  const [receipt] = await Promise.all([result.stored ? fetchReceipt(id) : Promise.resolve(null), trackWhatsappClick(p.fromFallback ? null : car.id)]);
  // Without the stored booking (sample car, or the read failed) the text says what the wizard sent.
  const order = receipt ?? orderOfForm(car, form, request, p.quote, "whatsapp");
  openWhatsapp(whatsappBookingText(t, fmt, order, await fetchExtraOrder()));
  return { kind: "sent", order };
}

/**
 * Stores the booking and opens its PayPal order, then leaves for PayPal's page
 * ("sent"). `bookingId` is the same while the same request is sent again.
 */
export async function startPaypal(request: BookingRequest, bookingId: string, t: TFunction): Promise<Outcome> {
  const { order, error } = await createPaypalOrder(request, bookingId);
  if (!order) {
    const conflict = conflictOf(error);
    if (conflict) return { kind: "refused", conflict };
    return { kind: "failed", message: error ? (paymentErrorText(t, error) ?? t("booking.paypalErrorWith", { message: error.message })) : t("booking.paypalError") };
  }
  sessionStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify({ ...paypalOrderBody(request), bookingId: order.bookingId }));
  sessionStorage.setItem(PAYPAL_ORDER_KEY, order.orderId ?? "");
  window.location.assign(order.approveUrl);
  return { kind: "sent" };
}
