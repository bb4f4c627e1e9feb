// Prices and dates are always shown the French way (SPEC sections 1 and 9),
// whatever the interface language.

// Made on first use, not when the module loads: a page's first Intl object loads
// the browser's locale data (tens of milliseconds on a phone), which belongs in the
// render that needs it, not in the task that evaluates every module at start-up.
let wholeFormat: Intl.NumberFormat | undefined;
let centimesFormat: Intl.NumberFormat | undefined;
const number = () => (wholeFormat ??= new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }));
const centimes = () => (centimesFormat ??= new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/**
 * "1 300 DH", and "8 989,50 DH" when there are centimes (always two digits:
 * "8 989,5 DH" reads as a typo). Wrapped in Unicode left-to-right isolates so it
 * reads the same inside Arabic text (otherwise the bidi algorithm shows "DH 1 300").
 */
export function formatPrice(amount: number): string {
  const whole = Math.round(amount * 100) % 100 === 0;
  return `\u2066${(whole ? number() : centimes()).format(amount)} DH\u2069`;
}

export function formatNumber(n: number): string {
  return number().format(n);
}

/** Parses "YYYY-MM-DD" as a local calendar date (no time-zone shift). */
export function parseISODate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return parseISODate(value);
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Wraps text in a left-to-right isolate (times, figures) so Arabic text keeps its order. */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** dd/mm/yyyy */
export function formatDate(value: string | Date): string {
  const d = toDate(value);
  return d ? d.toLocaleDateString("fr-FR", { day: "2-digit", month: "2-digit", year: "numeric" }) : "";
}

/** "lundi 3 mars 2026" */
export function formatLongDate(value: string | Date): string {
  const d = toDate(value);
  return d
    ? d.toLocaleDateString("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric" })
    : "";
}

/** "HH:MM" from "HH:MM[:SS]" */
export function formatTime(value: string | null | undefined): string {
  return value ? value.slice(0, 5) : "";
}

/** Today as "YYYY-MM-DD" in local time. */
export function todayISO(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}
