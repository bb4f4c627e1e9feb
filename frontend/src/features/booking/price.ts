// Prices have one home: PostgreSQL (docs/reservations.md, "Prices: one home").
// The price list is read from public.booking_options and public.payment_options,
// a rental's figures from rpc('quote_booking'). This module only names the
// choices the wizard offers (their labels are in locales/*.json) and shapes the
// rows read for display; it computes no price.

import type { QuoteJson, Tables } from "../../lib/database";
import { isOneOf } from "../../lib/guards";

export type Insurance = "basic" | "premium" | "platinum";
export type PaymentOption = "full" | "half" | "reserve";
/** An extra's key, as public.booking_options names it (the list lives there). */
export type ExtraKey = string;
export type Extras = Record<ExtraKey, boolean>;

export const INSURANCES: readonly Insurance[] = ["basic", "premium", "platinum"];
export const PAYMENT_OPTIONS: readonly PaymentOption[] = ["full", "half", "reserve"];

/** No extra chosen. */
export const NO_EXTRAS: Extras = {};

/** public.quote_booking's answer (DH; due_now and due_at_pickup may have centimes). */
export type Quote = QuoteJson;

// numeric columns are read with Number(): a row may carry them as text.
type Numeric<T, K extends keyof T> = Omit<T, K> & { [P in K]: number | string };

/** A row of public.booking_options, as the wizard reads it. */
export type BookingOptionRow = Numeric<Pick<Tables<"booking_options">, "key" | "kind" | "price" | "per_day" | "position">, "price">;

/** A row of public.payment_options, as the wizard reads it. */
export type PaymentOptionRow = Numeric<Pick<Tables<"payment_options">, "key" | "discount_percent" | "due_now_percent" | "position">, "discount_percent" | "due_now_percent">;

export interface OptionPrice<K extends string> {
  key: K;
  /** DH; null when the price list could not be read. */
  price: number | null;
  perDay: boolean;
}

export interface PaymentTerms {
  key: PaymentOption;
  discountPercent: number | null;
  dueNowPercent: number | null;
}

export interface PriceList {
  insurances: OptionPrice<Insurance>[];
  extras: OptionPrice<ExtraKey>[];
  payments: PaymentTerms[];
}

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

// Keys read from the database, narrowed to the ones the site names (type guards, not casts).
export const isInsurance = (key: string): key is Insurance => isOneOf(INSURANCES, key);
export const isPaymentOption = (key: string): key is PaymentOption => isOneOf(PAYMENT_OPTIONS, key);

/**
 * The wizard's choices in the database's order with the database's prices.
 * Insurances and payment options the site has no words for are left out; the
 * extras are the database's list. Without rows (the list could not be read)
 * insurances and payments are offered without a price, and no extra.
 */
export function priceList(options: BookingOptionRow[] | null, payments: PaymentOptionRow[] | null): PriceList {
  const rows = options ? [...options].sort(byPosition) : null;
  const pick = <K extends string>(keys: readonly K[], insurances: boolean): OptionPrice<K>[] =>
    rows
      ? rows.flatMap((r) => ((r.kind === "insurance") === insurances && isOneOf(keys, r.key) ? [{ key: r.key, price: Number(r.price), perDay: r.per_day }] : []))
      : keys.map((key) => ({ key, price: null, perDay: true }));
  const extras: OptionPrice<ExtraKey>[] = rows ? rows.flatMap((r) => (r.kind === "extra" ? [{ key: r.key, price: Number(r.price), perDay: r.per_day }] : [])) : [];
  return {
    insurances: pick(INSURANCES, true),
    extras,
    payments: payments
      ? [...payments]
          .sort(byPosition)
          .flatMap((r) => (isPaymentOption(r.key) ? [{ key: r.key, discountPercent: Number(r.discount_percent), dueNowPercent: Number(r.due_now_percent) }] : []))
      : PAYMENT_OPTIONS.map((key) => ({ key, discountPercent: null, dueNowPercent: null })),
  };
}
