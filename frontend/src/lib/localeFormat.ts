import type { LanguageCode } from "../config/languages";

// Dates and figures in the visitor's language (DESIGN: Intl; see docs/languages.md).
// Morocco's French (fr-MA) and Arabic (ar-MA) group thousands with a dot and write
// decimals with a comma ("1.300,50"); ar-MA writes Latin digits and the months as
// Morocco names them. On pages, amounts are isolated left-to-right so "1.300 DH"
// keeps its order inside Arabic text; plain text (WhatsApp) gets those marks only
// in Arabic (plainFormatters). (lib/format.ts stays the back office's: French.)

export const LOCALE_OF: Record<LanguageCode, string> = { fr: "fr-MA", en: "en-GB", ar: "ar-MA" };

const LRI = "\u2066";
const PDI = "\u2069";

/** `text` isolated left-to-right: on pages (markup may not reach inside a translated sentence). */
export function isolate(text: string): string {
  return `${LRI}${text}${PDI}`;
}

/** "−" put before a formatted amount, inside its isolation when it has one (right to left, a sign outside would trail the figure). */
export function negative(formatted: string): string {
  return formatted.startsWith(LRI) ? `${LRI}−${formatted.slice(LRI.length)}` : `−${formatted}`;
}

/** In plain text, the isolation only where the bidi algorithm needs it: inside Arabic. */
export function isolateIn(lang: LanguageCode, text: string): string {
  return lang === "ar" ? isolate(text) : text;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per language and options, built once (building an Intl formatter is slow). */
function cached<F>(store: Map<string, F>, lang: LanguageCode, options: object, make: (locale: string) => F): F {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = store.get(key);
  if (!f) {
    f = make(LOCALE_OF[lang]);
    store.set(key, f);
  }
  return f;
}

function dateFormat(lang: LanguageCode, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, lang, options, (locale) => new Intl.DateTimeFormat(locale, options));
}

function numberFormat(lang: LanguageCode, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, lang, options, (locale) => new Intl.NumberFormat(locale, options));
}

/**
 * Builds the language's amount formatter before a render needs it. A page's first
 * Intl object loads the browser's locale data, tens of milliseconds on a phone: made
 * while the page waits for its strings, that is not one more long piece of hydration.
 */
export function prepareFormats(lang: LanguageCode): void {
  plainAmount(lang, 0);
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

/** "1.300 DH" (fr, ar), "1,300 DH" (en), centimes only when there are some; not isolated. */
export function plainAmount(lang: LanguageCode, amount: number): string {
  return `${numberFormat(lang, { maximumFractionDigits: 2, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount)} DH`;
}

/** plainAmount isolated left-to-right, for pages. */
export function formatAmount(lang: LanguageCode, amount: number): string {
  return isolate(plainAmount(lang, amount));
}

/** "56,11 EUR" (fr, ar), "56.11 EUR" (en): an amount in a payment currency, always with centimes; not isolated. */
export function plainMoney(lang: LanguageCode, amount: number, currency: string): string {
  return `${numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
}

/** "1 EUR = 10,8 DH" (fr, ar), "1 EUR = 10.8 DH" (en): the exchange rate; not isolated. */
export function plainRate(lang: LanguageCode, currency: string, madPerUnit: number): string {
  return `1 ${currency} = ${numberFormat(lang, { maximumFractionDigits: 4 }).format(madPerUnit)} DH`;
}

/** "4,6" (fr), "4.6" (en): a plain figure such as a rating. */
export function formatNumber(lang: LanguageCode, n: number): string {
  return numberFormat(lang, { maximumFractionDigits: 2 }).format(n);
}

/** "10 %" (fr), "10%" (en); not isolated. */
export function plainPercent(lang: LanguageCode, percent: number): string {
  return numberFormat(lang, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
}

/** plainPercent isolated left-to-right, for pages. */
export function formatPercent(lang: LanguageCode, percent: number): string {
  return isolate(plainPercent(lang, percent));
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

// Casablanca is UTC+1 except during Ramadan (UTC+0). Browsers disagree on it (Debian's
// Chromium 156 puts November 2026 at UTC+0), so the site keeps the periods at UTC+0
// itself, from tzdata 2025c (Africa/Casablanca; changes at 02:00 UTC); after 2040, UTC+1.
const CASABLANCA_UTC0: readonly (readonly [string, string])[] = [
  ["2025-02-23", "2025-04-06"], ["2026-02-15", "2026-03-22"], ["2027-02-07", "2027-03-14"], ["2028-01-23", "2028-03-05"],
  ["2029-01-14", "2029-02-18"], ["2029-12-30", "2030-02-10"], ["2030-12-22", "2031-01-26"], ["2031-12-14", "2032-01-18"],
  ["2032-11-28", "2033-01-09"], ["2033-11-20", "2033-12-25"], ["2034-11-05", "2034-12-17"], ["2035-10-28", "2035-12-09"],
  ["2036-10-19", "2036-11-23"], ["2037-10-04", "2037-11-15"], ["2038-09-26", "2038-10-31"], ["2039-09-18", "2039-10-23"],
  ["2040-09-02", "2040-10-14"],
];

/** Casablanca's offset from UTC, in minutes, at an instant. */
export function casablancaOffset(ms: number): number {
  const at = (day: string) => Date.parse(`${day}T02:00:00Z`);
  return CASABLANCA_UTC0.some(([from, to]) => ms >= at(from) && ms < at(to)) ? 0 : 60;
}

/**
 * "24 novembre 2026 à 03:10": an instant (an ISO timestamp with its offset, such
 * as a hold's end) as the clock reads in Casablanca, whatever the browser's zone.
 */
export function formatInstant(lang: LanguageCode, iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const wall = new Date(ms + casablancaOffset(ms) * 60_000);
  return dateFormat(lang, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }).format(wall);
}

/** "24 novembre 2026": the day an instant (a post's created_at) falls on in Casablanca. */
export function formatInstantDay(lang: LanguageCode, iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const wall = new Date(ms + casablancaOffset(ms) * 60_000);
  return dateFormat(lang, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(wall);
}

export interface Formatters {
  language: LanguageCode;
  price: (amount: number) => string;
  /** An amount in a payment currency ("56,11 EUR"). */
  money: (amount: number, currency: string) => string;
  /** "1 EUR = 10,8 DH". */
  rate: (currency: string, madPerUnit: number) => string;
  /** A left-to-right piece (time, phone, reference) inside a sentence. */
  ltr: (text: string) => string;
  number: (n: number) => string;
  percent: (percent: number) => string;
  day: (value: string) => string;
  numericDay: (value: string) => string;
  shortDay: (value: string) => string;
  longDay: (value: string) => string;
  moment: (value: string) => string;
  /** An instant (ISO with offset) on Casablanca's clock. */
  instant: (iso: string) => string;
  /** The day of an instant on Casablanca's clock. */
  instantDay: (iso: string) => string;
}

/** The formatters above bound to one language, for pages (useFormat gives the visitor's). */
export function formattersFor(language: LanguageCode): Formatters {
  return {
    language,
    price: (a) => formatAmount(language, a),
    money: (a, c) => isolate(plainMoney(language, a, c)),
    rate: (c, r) => isolate(plainRate(language, c, r)),
    ltr: isolate,
    number: (n) => formatNumber(language, n),
    percent: (p) => formatPercent(language, p),
    day: (v) => formatDay(language, v),
    numericDay: (v) => formatNumericDay(language, v),
    shortDay: (v) => formatShortDay(language, v),
    longDay: (v) => formatLongDay(language, v),
    moment: (v) => formatMoment(language, v),
    instant: (v) => formatInstant(language, v),
    instantDay: (v) => formatInstantDay(language, v),
  };
}

/**
 * The same for plain text (the WhatsApp messages): left-to-right pieces are
 * isolated only in Arabic, where the bidi algorithm would reorder them; French
 * and English text carries no invisible mark.
 */
export function plainFormatters(language: LanguageCode): Formatters {
  const page = formattersFor(language);
  const iso = (text: string) => isolateIn(language, text);
  return {
    ...page,
    price: (a) => iso(plainAmount(language, a)),
    money: (a, c) => iso(plainMoney(language, a, c)),
    rate: (c, r) => iso(plainRate(language, c, r)),
    ltr: iso,
    percent: (p) => iso(plainPercent(language, p)),
  };
}
