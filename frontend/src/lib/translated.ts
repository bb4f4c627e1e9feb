import type { LanguageCode } from "../config/languages";

// Agency content per language: cars and posts carry their French text in
// their own columns (the source, and the fallback) and English/Arabic in
// `translations` ({"en": {...}, "ar": {...}}). A blank or
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

/** translations[lang][field], read from the jsonb column as it came (any shape). */
function fieldIn(translations: unknown, lang: TranslatedLanguage, field: string): unknown {
  const byLang = isObject(translations) ? translations[lang] : undefined;
  return isObject(byLang) ? byLang[field] : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The field in lang when it is written, else the French column's value. A
 * translation counts when it is of the French value's kind (text, or a list).
 */
export function localized<T extends string | string[] | null>(french: T, translations: unknown, lang: LanguageCode, field: string): Localized<T> {
  if (lang === "fr") return { value: french, lang: "fr", fallback: false };
  const v = fieldIn(translations, lang, field);
  if (present(v) && sameKind(v, french)) return { value: v, lang, fallback: false };
  return { value: french, lang: "fr", fallback: present(french) };
}

/** The field as written in lang (never the French), or undefined. */
export function written(translations: unknown, lang: LanguageCode, field: string): string | undefined {
  if (lang === "fr") return undefined;
  const v = fieldIn(translations, lang, field);
  return typeof v === "string" && present(v) ? v : undefined;
}

function sameKind<T extends string | string[] | null>(v: unknown, french: T): v is T {
  if (Array.isArray(french)) return Array.isArray(v) && v.every((x) => typeof x === "string");
  return typeof v === "string";
}
