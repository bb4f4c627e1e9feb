import { parseISODate } from "../../lib/format";

// SPEC section 9, mirrored from public.quote_booking (migrations): the browser's
// figure is a preview; the database computes the stored one with the same rules.

export type Insurance = "basic" | "premium" | "platinum";
export type PaymentOption = "full" | "half" | "reserve";
export type ExtraKey = "gps" | "wifi" | "childSeat" | "additionalDriver" | "roadAssistance" | "carFridge" | "jawazPass";
export type Extras = Record<ExtraKey, boolean>;

export const INSURANCE_PER_DAY: Record<Insurance, number> = { basic: 0, premium: 75, platinum: 120 };

/** Per-day price of each extra; roadAssistance is a flat fee (EXTRAS_ONCE). */
export const EXTRAS_PER_DAY: Record<Exclude<ExtraKey, "roadAssistance">, number> = {
  gps: 50,
  wifi: 50,
  childSeat: 50,
  additionalDriver: 50,
  jawazPass: 50,
  carFridge: 35,
};
export const EXTRAS_ONCE: Record<"roadAssistance", number> = { roadAssistance: 350 };

export const EXTRA_KEYS: readonly ExtraKey[] = [
  "gps",
  "wifi",
  "childSeat",
  "additionalDriver",
  "roadAssistance",
  "carFridge",
  "jawazPass",
];

export function extraPrice(key: ExtraKey): { amount: number; perDay: boolean } {
  return key === "roadAssistance" ? { amount: EXTRAS_ONCE.roadAssistance, perDay: false } : { amount: EXTRAS_PER_DAY[key], perDay: true };
}

/** Percentage of the subtotal paid, per payment option (full -10 %, half -5 %). */
export const PAYMENT_FACTOR_PERCENT: Record<PaymentOption, number> = { full: 90, half: 95, reserve: 100 };
/** Share of the total paid now; the rest on arrival. */
export const PAYMENT_NOW_PERCENT: Record<PaymentOption, number> = { full: 100, half: 50, reserve: 20 };

export const NO_EXTRAS: Extras = {
  gps: false,
  wifi: false,
  childSeat: false,
  additionalDriver: false,
  roadAssistance: false,
  carFridge: false,
  jawazPass: false,
};

export interface QuoteInput {
  dailyPrice: number;
  startDate: string;
  endDate: string;
  insurance: Insurance;
  extras: Partial<Extras>;
  paymentOption: PaymentOption;
}

export interface Quote {
  days: number;
  dailyPrice: number;
  base: number;
  insurance: number;
  extras: number;
  subtotal: number;
  discountRate: number;
  total: number;
  dueNow: number;
  dueOnArrival: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rental days: the date difference rounded up, at least one (same as the database). */
export function rentalDays(startDate: string, endDate: string): number {
  const s = parseISODate(startDate);
  const e = parseISODate(endDate);
  if (!s || !e) return 0;
  // Date.UTC avoids a 23- or 25-hour day at a daylight-saving change.
  const diff = Date.UTC(e.getFullYear(), e.getMonth(), e.getDate()) - Date.UTC(s.getFullYear(), s.getMonth(), s.getDate());
  return Math.max(1, Math.ceil(Math.abs(diff) / DAY_MS));
}

/** round(n * percent / 100), half away from zero, in integer arithmetic (as PostgreSQL's round). */
function percentOf(n: number, percent: number): number {
  return Math.floor((n * percent + 50) / 100);
}

export function computeQuote(input: QuoteInput): Quote | null {
  const days = rentalDays(input.startDate, input.endDate);
  if (days === 0 || !(input.dailyPrice > 0)) return null;
  const base = days * input.dailyPrice;
  const insurance = days * INSURANCE_PER_DAY[input.insurance];
  let perDay = 0;
  let once = 0;
  for (const key of EXTRA_KEYS) {
    if (!input.extras[key]) continue;
    const p = extraPrice(key);
    if (p.perDay) perDay += p.amount;
    else once += p.amount;
  }
  const extras = days * perDay + once;
  const subtotal = base + insurance + extras;
  const factor = PAYMENT_FACTOR_PERCENT[input.paymentOption];
  const total = percentOf(subtotal, factor);
  const dueNow = percentOf(total, PAYMENT_NOW_PERCENT[input.paymentOption]);
  return {
    days,
    dailyPrice: input.dailyPrice,
    base,
    insurance,
    extras,
    subtotal,
    discountRate: (100 - factor) / 100,
    total,
    dueNow,
    dueOnArrival: total - dueNow,
  };
}

/** The database's quote_booking answer (snake_case jsonb). */
export interface ServerQuote {
  days: number;
  daily_price: number;
  base: number;
  insurance: number;
  extras: number;
  subtotal: number;
  discount_rate: number;
  total: number;
}

export function fromServerQuote(q: ServerQuote, paymentOption: PaymentOption): Quote {
  const dueNow = percentOf(q.total, PAYMENT_NOW_PERCENT[paymentOption]);
  return {
    days: q.days,
    dailyPrice: q.daily_price,
    base: q.base,
    insurance: q.insurance,
    extras: q.extras,
    subtotal: q.subtotal,
    discountRate: Number(q.discount_rate),
    total: q.total,
    dueNow,
    dueOnArrival: q.total - dueNow,
  };
}
