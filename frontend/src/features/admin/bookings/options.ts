import { fr } from "../i18n/fr";

// What a customer ordered besides the car (booking_options in the database):
// the insurance and each extra, named in French, in the wizard's order.

const t = fr.bookings;

export const INSURANCE_KEYS = ["basic", "premium", "platinum"] as const;
export const EXTRA_KEYS = ["gps", "wifi", "childSeat", "additionalDriver", "roadAssistance", "carFridge", "jawazPass"] as const;
export type ExtraKey = (typeof EXTRA_KEYS)[number];

function isKey<K extends string>(keys: readonly K[], k: string | null | undefined): k is K {
  return (keys as readonly string[]).includes(k ?? "");
}

/** "Premium"; the database's default when none was stored; an unknown key as it is. */
export function insuranceName(key: string | null | undefined): string {
  const k = key ?? "basic";
  return isKey(INSURANCE_KEYS, k) ? t.insurances[k] : k;
}

export function extraName(key: string): string {
  return isKey(EXTRA_KEYS, key) ? t.extras[key] : key;
}

/** The extras that were ordered (value true), known ones in the wizard's order, then any other. */
export function orderedExtras(extras: Record<string, boolean> | null | undefined): { key: string; label: string }[] {
  const chosen = Object.entries(extras ?? {})
    .filter(([, v]) => v === true)
    .map(([k]) => k);
  const rank = (k: string) => (isKey(EXTRA_KEYS, k) ? EXTRA_KEYS.indexOf(k) : EXTRA_KEYS.length);
  return chosen.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((key) => ({ key, label: extraName(key) }));
}

export function paymentOptionName(key: string | null | undefined): string {
  const k = key ?? "full";
  return k in t.paymentOptions ? t.paymentOptions[k as keyof typeof t.paymentOptions] : k;
}

export function paymentMethodName(key: string | null | undefined): string {
  if (!key) return fr.common.none;
  return key in t.methods ? t.methods[key as keyof typeof t.methods] : key;
}
