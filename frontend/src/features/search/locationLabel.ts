import type { TFunction } from "i18next";

/**
 * The visitor's words for a pickup or return place. Places are stored under their
 * French names (SPEC section 3, `PICKUP_LOCATIONS`); one the locales do not know
 * is shown as stored.
 */
export function locationLabel(t: TFunction, place: string): string {
  return t(`locations.${place}`, { defaultValue: place });
}
