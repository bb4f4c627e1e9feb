// The three public languages. Arabic is offered on every public page (SPEC
// restricts it to "/"; we do not, on purpose) and is written right-to-left.
export type LanguageCode = "fr" | "en" | "ar";
export type Direction = "ltr" | "rtl";

export interface Language {
  code: LanguageCode;
  label: string;
  dir: Direction;
}

export const LANGUAGES: readonly Language[] = [
  { code: "fr", label: "Français", dir: "ltr" },
  { code: "en", label: "English", dir: "ltr" },
  { code: "ar", label: "العربية", dir: "rtl" },
];

/** SPEC section 1: an unknown language falls back to English. */
export const FALLBACK_LANGUAGE: LanguageCode = "en";

export function isLanguageCode(value: unknown): value is LanguageCode {
  return value === "fr" || value === "en" || value === "ar";
}

export function directionOf(code: string): Direction {
  return LANGUAGES.find((l) => l.code === code)?.dir ?? "ltr";
}
