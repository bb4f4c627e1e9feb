import { hasAdminText, tAdmin } from "../i18n";

export const INSURANCE_KEYS = ["basic", "premium", "platinum"] as const;
export const EXTRA_KEYS = ["gps", "wifi", "childSeat", "additionalDriver", "roadAssistance", "carFridge", "jawazPass"] as const;
export type ExtraKey = (typeof EXTRA_KEYS)[number];

function isKey<K extends string>(keys: readonly K[], k: string | null | undefined): k is K {
  return (keys as readonly string[]).includes(k ?? "");
}

/** "Premium"; the database's default when none was stored; an unknown key as it is. */
export function insuranceName(key: string | null | undefined): string {
  const k = key ?? "basic";
  return isKey(INSURANCE_KEYS, k) ? tAdmin(`bookings.insurances.${k}`) : k;
}

export function extraName(key: string): string {
  return isKey(EXTRA_KEYS, key) ? tAdmin(`bookings.extras.${key}`) : key;
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
  return hasAdminText(`bookings.paymentOptions.${k}`) ? tAdmin(`bookings.paymentOptions.${k}`) : k;
}

export function paymentMethodName(key: string | null | undefined): string {
  if (!key) return tAdmin("common.none");
  return hasAdminText(`bookings.methods.${key}`) ? tAdmin(`bookings.methods.${key}`) : key;
}
