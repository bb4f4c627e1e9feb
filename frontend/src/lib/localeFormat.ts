import type { LanguageCode } from "../config/languages";

// Dates and figures in the visitor's language (DESIGN: Intl). Moroccan Arabic
// (ar-MA) writes Latin digits and the months as Morocco names them. Amounts are
// isolated left-to-right so "1 300 DH" keeps its order inside Arabic text.
// (lib/format.ts stays the back office's: French whatever the language.)

export const LOCALE_OF: Record<LanguageCode, string> = { fr: "fr-FR", en: "en-GB", ar: "ar-MA" };

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(lang: LanguageCode, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE_OF[lang], options);
    cache.set(key, f);
  }
  return f;
}

function numberFormat(lang: LanguageCode, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(LOCALE_OF[lang], options);
    cache.set(key, f);
  }
  return f;
}

/**
 * "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM[:SS]" (the agency's wall-clock time, as the
 * database writes it) as a Date whose local fields are those numbers: formatted
 * without a time zone, it shows them unchanged.
 */
export function wallClock(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "1 300 DH" (fr), "1,300 DH" (en), "1.300 DH" (ar), centimes only when there are some. */
export function formatAmount(lang: LanguageCode, amount: number): string {
  return `\u2066${numberFormat(lang, { maximumFractionDigits: 2, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount)} DH\u2069`;
}

/** "4,6" (fr), "4.6" (en): a plain figure such as a rating. */
export function formatNumber(lang: LanguageCode, n: number): string {
  return numberFormat(lang, { maximumFractionDigits: 2 }).format(n);
}

/** "10 %" (fr), "10%" (en). */
export function formatPercent(lang: LanguageCode, percent: number): string {
  return `\u2066${numberFormat(lang, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100)}\u2069`;
}

/** "14 décembre 2026" */
export function formatDay(lang: LanguageCode, value: string): string {
  const d = wallClock(value);
  return d ? dateFormat(lang, { day: "numeric", month: "long", year: "numeric" }).format(d) : "";
}

/** "14/12/2026": SPEC's dd/mm/yyyy, as the visitor's language writes it. */
export function formatNumericDay(lang: LanguageCode, value: string): string {
  const d = wallClock(value);
  return d ? dateFormat(lang, { day: "2-digit", month: "2-digit", year: "numeric" }).format(d) : "";
}

/** "lun. 14 déc. 2026" — short, for summaries. */
export function formatShortDay(lang: LanguageCode, value: string): string {
  const d = wallClock(value);
  return d ? dateFormat(lang, { weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(d) : "";
}

/** "lundi 14 décembre 2026" */
export function formatLongDay(lang: LanguageCode, value: string): string {
  const d = wallClock(value);
  return d ? dateFormat(lang, { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(d) : "";
}

/** "14 décembre 2026 à 16:00": a local timestamp of the database, 24-hour clock. */
export function formatMoment(lang: LanguageCode, value: string): string {
  const d = wallClock(value);
  return d
    ? dateFormat(lang, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d)
    : "";
}

/** "décembre 2026" */
export function formatMonth(lang: LanguageCode, year: number, monthIndex: number): string {
  return dateFormat(lang, { month: "long", year: "numeric" }).format(new Date(year, monthIndex, 1));
}

/** Short weekday names, Monday first ("lun.", …). */
export function weekdayNames(lang: LanguageCode, width: "short" | "long" = "short"): string[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => dateFormat(lang, { weekday: width }).format(new Date(2024, 0, 1 + i)));
}
