import { FALLBACK_LANGUAGE, isLanguageCode, type LanguageCode } from "../config/languages";

export const LANGUAGE_COOKIE = "language";

/**
 * SPEC section 5: a language cookie of en, fr or ar wins; anything else is
 * ignored and the browser language decides (fr* gives French, ar* gives
 * Arabic, anything else English).
 */
export function detectLanguage(
  cookieValue: string | undefined | null,
  browserLanguages: readonly string[],
): LanguageCode {
  if (isLanguageCode(cookieValue)) return cookieValue;
  const first = (browserLanguages[0] ?? "").toLowerCase();
  if (first.startsWith("fr")) return "fr";
  if (first.startsWith("ar")) return "ar";
  return FALLBACK_LANGUAGE;
}
