import { FALLBACK_LANGUAGE, isLanguageCode, type LanguageCode } from "../config/languages";

export const LANGUAGE_COOKIE = "language";

/**
 * SPEC section 5: a language cookie of en, fr or ar wins; anything else is
 * ignored and a `?lang=` of the page, then the browser language decides (fr* gives French, ar* gives
 * Arabic, anything else English).
 */
export function detectLanguage(
  cookieValue: string | undefined | null,
  browserLanguages: readonly string[],
  /** `?lang=` of the page: the PayPal return pages carry the booking's language. */
  urlLanguage: string | null = null,
): LanguageCode {
  if (isLanguageCode(cookieValue)) return cookieValue;
  // Sent back by PayPal to a host name without this visitor's cookie: the booking's language.
  if (isLanguageCode(urlLanguage)) return urlLanguage;
  const first = (browserLanguages[0] ?? "").toLowerCase();
  if (first.startsWith("fr")) return "fr";
  if (first.startsWith("ar")) return "ar";
  return FALLBACK_LANGUAGE;
}
