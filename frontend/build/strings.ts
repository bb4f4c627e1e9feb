// The strings of the pages other than "/" (top-level keys of locales/xx.json), loaded
// with those pages as the namespace "pages" (lib/i18n.ts, app/App.tsx page(); i18next
// looks a key up there when the default namespace lacks it): the first view of "/"
// downloads the rest only. The source files stay whole (the server render and the
// tests read them). Split at build by vite.config.ts.
export const PAGE_STRINGS = ["paymentErrors", "whyUs", "wayForward", "agency", "shortTerm", "longTerm", "success", "reservation", "order", "cancelled", "notFound", "bookingPrice", "booking", "calendar", "myBooking", "keyFacts", "review"];
// Keys under a PAGE_STRINGS key that stay with "/"'s strings: the contact form on "/"
// shows the booking form's field errors.
export const KEPT_ON_SITE = ["booking.errors"];

/** The part of a language file loaded with every page ("site") or with the other pages. */
export function stringsPart(all: Record<string, unknown>, pages: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    const kept = KEPT_ON_SITE.filter((p) => p.startsWith(key + ".")).map((p) => p.slice(key.length + 1));
    if (!PAGE_STRINGS.includes(key) || (kept.length > 0 && (typeof value !== "object" || value === null))) {
      if (!pages) out[key] = value;
    } else if (kept.length === 0) {
      if (pages) out[key] = value;
    } else {
      const entries = Object.entries(value as Record<string, unknown>).filter(([sub]) => kept.includes(sub) !== pages);
      if (entries.length > 0) out[key] = Object.fromEntries(entries);
    }
  }
  return out;
}
