import type { TFunction } from "i18next";
import { isLanguageCode } from "../../config/languages";
import type { BookingContact, BookingTrip, ReceiptJson, StoredQuoteJson } from "../../lib/database";
import { negative, plainFormatters, type Formatters } from "../../lib/localeFormat";
import { locationLabel } from "../search";
import { chosenExtras } from "../../lib/extraOrderApi";
import { keyFacts } from "./keyFactList";
import { isInsurance, isPaymentOption, type ExtraKey, type Extras, type Insurance, type PaymentOption, type Quote } from "./price";
import { tripColumns, type BookingForm, type BookingRequest } from "./types";

// What a booking ordered, as the database stored it (docs/booking-record.md):
// public.booking_receipt's answer, capture-paypal-payment's booking, or (when the
// receipt cannot be read) the wizard's own form. One shape for the "sent",
// success and way-forward pages and for the WhatsApp text.

/** The breakdown stored with the booking (bookings.quote): quote_booking's figures plus the deposit. */
export type StoredQuote = StoredQuoteJson;

/** What was ordered. `reference` is null only when the stored booking could not be read back. */
export interface Order extends BookingTrip, Pick<BookingContact, "hotel_name" | "hotel_address" | "flight_number"> {
  reference: string | null;
  car: { name: string; brand: string; category?: string } | null;
  insurance_type: Insurance | string | null;
  extras: Partial<Extras> | null;
  payment_option: PaymentOption | string | null;
  customer_name: string;
  customer_email: string;
  customer_phone?: string | null;
  quote: StoredQuote | null;
  /** "whatsapp": a request paid at the agency, nothing due online. */
  payment_method?: string | null;
  status?: string | null;
  /** Until when a pending request holds its dates (an instant; shown on Casablanca's clock). */
  hold_expires_at?: string | null;
}

/** A WhatsApp request still waiting for the agency: until when its dates are held, else null. */
export function heldUntil(order: Order): string | null {
  return order.payment_method === "whatsapp" && order.status === "pending" ? (order.hold_expires_at ?? null) : null;
}

/** public.booking_receipt(p_id): the booking as its maker may read it back. */
export type Receipt = ReceiptJson;

/** The order the wizard sent, for when the stored one cannot be read (no reference then). */
export function orderOfForm(car: { name: string; brand: string; category?: string }, form: BookingForm, request: BookingRequest, quote: Quote | null, paymentMethod?: string): Order {
  return {
    payment_method: paymentMethod ?? null,
    reference: null,
    car: { name: car.name, brand: car.brand, category: car.category },
    ...tripColumns(form),
    customer_name: request.customer_name,
    customer_email: request.customer_email,
    customer_phone: request.customer_phone,
    hotel_name: request.hotel_name,
    hotel_address: request.hotel_address,
    flight_number: request.flight_number,
    quote,
  };
}

/** The extras ordered, in the price list's order (`order`, from public.booking_options). */
export function orderedExtras(extras: Partial<Extras> | null | undefined, order: readonly string[]): ExtraKey[] {
  return chosenExtras(extras as Record<string, boolean> | null | undefined, order);
}

const hhmm = (time: string) => time.slice(0, 5);

/**
 * The request create-paypal-order needs to send the same booking to PayPal again,
 * rebuilt from its receipt (when the browser lost its copy).
 */
export function requestOfReceipt(r: Receipt, userId: string): BookingRequest {
  const extras: Extras = {};
  for (const [k, on] of Object.entries(r.extras ?? {})) extras[k] = on === true;
  return {
    user_id: userId,
    car_id: 0, // set by the caller: the receipt names the car, not its id
    customer_name: r.customer_name,
    customer_email: r.customer_email,
    customer_phone: r.customer_phone,
    hotel_name: r.hotel_name ?? null,
    hotel_address: r.hotel_address ?? null,
    flight_number: r.flight_number ?? null,
    start_date: r.start_date,
    end_date: r.end_date,
    pickup_time: hhmm(r.pickup_time),
    return_time: hhmm(r.return_time),
    pickup_location: r.pickup_location,
    return_location: r.return_location,
    // The receipt's text columns, narrowed to the choices the site sends (the defaults otherwise).
    insurance_type: r.insurance_type && isInsurance(r.insurance_type) ? r.insurance_type : "basic",
    extras,
    payment_option: r.payment_option && isPaymentOption(r.payment_option) ? r.payment_option : "full",
    language: isLanguageCode(r.language) ? r.language : "fr",
    // The booking was made with them: its stored quote names the terms it was made under.
    terms_version: r.quote?.terms_version ?? null,
    driver_requirements_confirmed: true,
  };
}

/** One figure of the breakdown: its label, its amount (DH, negative for the discount) and a stable key. */
export interface BreakdownLine {
  key: "base" | "insurance" | "extras" | "discount" | "total" | "dueNow" | "dueAtPickup" | "refundDue" | "deposit";
  label: string;
  amount: number;
}

/**
 * The price lines of an order, in the visitor's language: rental, insurance,
 * extras, discount (when there is one), total, then what is due now, what is
 * left for the pickup, what the agency owes back (a paid booking re-priced below
 * what was paid) and the deposit. `paid`: the amount due now was paid online.
 * A booking paid at the agency (a WhatsApp request) pays nothing online: its
 * whole total is due there, and no "due now" is shown; a cancelled or expired
 * one owes nothing, so only its figures up to the total are shown.
 */
export function breakdownLines(t: TFunction, fmt: Formatters, order: Order, paid = false): BreakdownLine[] {
  const q = order.quote;
  if (!q) return [];
  const insurance = order.insurance_type ? t(`booking.insurances.${order.insurance_type}.name`) : "";
  const lines: BreakdownLine[] = [
    { key: "base", label: t("booking.base", { count: Number(q.days) }), amount: Number(q.base) },
    { key: "insurance", label: t("order.insuranceLine", { name: insurance }), amount: Number(q.insurance) },
    { key: "extras", label: t("booking.extrasTitle"), amount: Number(q.extras) },
  ];
  if (Number(q.discount) > 0) lines.push({ key: "discount", label: t("booking.discount", { rate: fmt.percent(Number(q.discount_rate) * 100) }), amount: -Number(q.discount) });
  lines.push({ key: "total", label: t("booking.total"), amount: Number(q.total) });
  // Cancelled or lapsed: nothing is due any more (the ledger states any refund).
  if (order.status === "cancelled" || order.status === "expired") return lines;
  // Paid at the agency (the quote's channel; a quote stored before it had one, by the method).
  const atAgency = q.channel ? q.channel === "agency" : order.payment_method === "whatsapp";
  if (atAgency && !paid) {
    lines.push({ key: "dueAtPickup", label: t("order.paidAtAgency"), amount: Number(q.total) });
    if (q.deposit != null) lines.push({ key: "deposit", label: t("order.deposit"), amount: Number(q.deposit) });
    return lines;
  }
  lines.push({
    key: "dueNow",
    label: paid ? t("order.paidNow") : t("bookingPrice.dueNow", { percent: fmt.percent(Number(q.due_now_percent)) }),
    amount: Number(q.due_now),
  });
  lines.push({ key: "dueAtPickup", label: t("order.dueAtPickup"), amount: Number(q.due_at_pickup) });
  // Re-priced below what was paid online (a change the agency accepted): the difference comes back.
  if (paid && Number(q.refund_due) > 0) lines.push({ key: "refundDue", label: t("order.refundDue"), amount: Number(q.refund_due) });
  if (q.deposit != null) lines.push({ key: "deposit", label: t("order.deposit"), amount: Number(q.deposit) });
  return lines;
}

/** "−56 DH" for the discount, "1 074 DH" otherwise; the sign stays before the figure in Arabic too. */
export function signedPrice(fmt: Formatters, amount: number): string {
  return amount < 0 ? negative(fmt.price(-amount)) : fmt.price(amount);
}

/**
 * The WhatsApp message that confirms a booking, in the visitor's language:
 * reference, car, pickup and return (place, day, time), the flight and hotel
 * when given, days, insurance, each extra as the site names it (in `extraOrder`,
 * the price list's order), the breakdown, what is due now and at pickup, the
 * deposit and the other key facts, and who books. Plain text: no invisible marks but in Arabic, around
 * what reads left to right (amounts, phone, reference, times).
 */
export function whatsappBookingText(t: TFunction, pageFmt: Formatters, order: Order, extraOrder: readonly string[]): string {
  const fmt = plainFormatters(pageFmt.language);
  const ltr = fmt.ltr;
  const line = (label: string, value: string) => t("order.line", { label, value });
  const q = order.quote;
  const extras = orderedExtras(order.extras, extraOrder).map((k) => t(`booking.extras.${k}`));
  const sep = t("order.separator");
  const out: string[] = [t("whatsapp.intro")];
  if (order.reference) out.push(line(t("order.reference"), ltr(order.reference)));
  if (order.car) out.push(line(t("booking.vehicle"), `${order.car.brand} ${order.car.name}`));
  out.push(line(t("success.pickup"), `${fmt.day(order.start_date)} ${ltr(hhmm(order.pickup_time))}${sep}${locationLabel(t, order.pickup_location)}`));
  out.push(line(t("success.return"), `${fmt.day(order.end_date)} ${ltr(hhmm(order.return_time))}${sep}${locationLabel(t, order.return_location)}`));
  if (order.flight_number) out.push(line(t("myBooking.flight"), ltr(order.flight_number)));
  const hotel = [order.hotel_name, order.hotel_address].filter((s) => s?.trim()).join(sep);
  if (hotel) out.push(line(t("booking.hotel"), hotel));
  if (q) out.push(line(t("booking.duration"), t("booking.days", { count: Number(q.days) })));
  if (order.insurance_type) out.push(line(t("booking.insurance"), t(`booking.insurances.${order.insurance_type}.name`)));
  out.push(line(t("booking.extrasTitle"), extras.length ? extras.join(sep) : t("order.noExtras")));
  if (order.payment_option) out.push(line(t("booking.payment"), t(`booking.paymentOptions.${order.payment_option}.name`)));
  const held = heldUntil(order);
  if (held) out.push(line(t("order.heldUntilLabel"), t("order.heldUntil", { until: fmt.instant(held) })));
  if (q) {
    out.push("", t("order.priceTitle"));
    for (const l of breakdownLines(t, fmt, order)) out.push(line(l.label, signedPrice(fmt, l.amount)));
    // The breakdown states the deposit; the other key facts follow it.
    for (const f of keyFacts(t, fmt, q, order.insurance_type, false)) out.push(line(f.label, f.after ? `${f.value} ${f.after}` : f.value));
  } else {
    out.push("", t("bookingPrice.failed"));
  }
  out.push("", line(t("booking.name"), order.customer_name), line(t("booking.email"), order.customer_email));
  if (order.customer_phone) out.push(line(t("booking.phone"), ltr(order.customer_phone)));
  return out.join("\n");
}
