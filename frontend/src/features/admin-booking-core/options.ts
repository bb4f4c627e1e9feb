import { chosenExtras } from "../../lib/extraOrderApi";
import { hasAdminText, tAdmin } from "../admin-kit";

export const INSURANCE_KEYS = ["basic", "premium", "platinum"] as const;

function isKey<K extends string>(keys: readonly K[], k: string | null | undefined): k is K {
  return (keys as readonly string[]).includes(k ?? "");
}

/** "Premium"; the database's default when none was stored; an unknown key as it is. */
export function insuranceName(key: string | null | undefined): string {
  const k = key ?? "basic";
  return isKey(INSURANCE_KEYS, k) ? tAdmin(`bookings.insurances.${k}`) : k;
}

/** An extra's name in the back office's words; a key it has no words for as it is. */
export function extraName(key: string): string {
  return hasAdminText(`bookings.extras.${key}`) ? tAdmin(`bookings.extras.${key}`) : key;
}

/** The extras that were ordered (value true), in the price list's order (`order`, public.booking_options), then any other. */
export function orderedExtras(extras: Record<string, boolean> | null | undefined, order: readonly string[]): { key: string; label: string }[] {
  return chosenExtras(extras, order).map((key) => ({ key, label: extraName(key) }));
}

export function paymentOptionName(key: string | null | undefined): string {
  const k = key ?? "full";
  return hasAdminText(`bookings.paymentOptions.${k}`) ? tAdmin(`bookings.paymentOptions.${k}`) : k;
}

export function paymentMethodName(key: string | null | undefined): string {
  if (!key) return tAdmin("common.none");
  return hasAdminText(`bookings.methods.${key}`) ? tAdmin(`bookings.methods.${key}`) : key;
}
