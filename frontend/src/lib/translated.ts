import type { LanguageCode } from "../config/languages";

// Agency content per language (issue 18): cars and posts carry their French text in
// their own columns (the source, and the fallback) and English/Arabic in
// `translations` ({"en": {...}, "ar": {...}}; migration 20260124000000). A blank or
// missing field means "show the French", marked lang="fr" with a small note.

export type TranslatedLanguage = Exclude<LanguageCode, "fr">;
export type Translations<F extends string> = Partial<Record<TranslatedLanguage, Partial<Record<F, unknown>>>>;

export interface Localized<T> {
  value: T;
  /** The language value is written in. */
  lang: LanguageCode;
  /** True when the visitor's language had none and value is the French. */
  fallback: boolean;
}

function present(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v !== "string") return false;
  // Rich text an editor left empty ("<p></p>") is no translation.
  return v.replace(/<(?!img|table|hr|iframe)[^>]*>/gi, "").replace(/&nbsp;|&#160;/g, " ").trim() !== "";
}

/** The field in lang when it is written, else the French column's value. */
export function localized<T>(french: T, translations: Translations<string> | null | undefined, lang: LanguageCode, field: string): Localized<T> {
  if (lang === "fr") return { value: french, lang: "fr", fallback: false };
  const v = translations?.[lang]?.[field];
  if (present(v)) return { value: v as T, lang, fallback: false };
  return { value: french, lang: "fr", fallback: present(french) };
}

/** The field as written in lang (never the French), or undefined. */
export function written(translations: Translations<string> | null | undefined, lang: LanguageCode, field: string): string | undefined {
  if (lang === "fr") return undefined;
  const v = translations?.[lang]?.[field];
  return typeof v === "string" && present(v) ? v : undefined;
}
