import { LANGUAGE_COOKIE } from "./language";

// Cookie consent (SPEC sections 2, 4 and 9). Pure rules; the card applies them.

export const CONSENT_COOKIE = "cookie-consent";
export type Consent = "accepted" | "essential" | "rejected";
export type ConsentState = Consent | "unset";

export function parseConsent(value: string | undefined | null): ConsentState {
  return value === "accepted" || value === "essential" || value === "rejected" ? value : "unset";
}

/** The card shows only while no valid choice was stored. */
export function shouldShowBanner(state: ConsentState): boolean {
  return state === "unset";
}

/** Closing the card counts as "essential cookies only". */
export const CLOSE_CHOICE: Consent = "essential";

/** The cookies always kept, whatever the choice. */
export const ESSENTIAL_COOKIES: readonly string[] = [CONSENT_COOKIE, LANGUAGE_COOKIE];

/** Names to delete after (or on every visit with) a given consent. */
export function cookiesToRemove(state: ConsentState, names: readonly string[]): string[] {
  if (state !== "essential" && state !== "rejected") return [];
  return names.filter((n) => !ESSENTIAL_COOKIES.includes(n));
}

/** Whether optional (analytics, advertising) cookies and trackers may run. */
export function allowsOptional(state: ConsentState): boolean {
  return state === "accepted";
}
