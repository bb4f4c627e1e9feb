import type { Json } from "../../lib/database.types";
import type { AdminBooking, BookingQuote } from "./types";

// A bookings row as the typed client returns it (lib/db.ts, with its car) turned
// into what the screens use: the JSON columns `extras` and `quote` are read field
// by field instead of cast.

type JsonObject = { [key: string]: Json | undefined };

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The extras ordered ({gps: true, ...}); values that are not booleans are left out. */
export function readExtras(j: Json | null | undefined): Record<string, boolean> | null {
  if (j === undefined || !isObject(j)) return null;
  const out: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(j)) if (typeof v === "boolean") out[k] = v;
  return out;
}

const QUOTE_FIELDS = ["days", "daily_price", "base", "insurance", "extras", "subtotal", "discount_rate", "discount", "total", "due_now_percent", "due_now", "due_at_pickup"] as const;

/** The breakdown stored with the booking, or null when a figure is missing or not a number. */
export function readQuote(j: Json | null | undefined): BookingQuote | null {
  if (j === undefined || !isObject(j)) return null;
  const n = (k: string): number | null => {
    const v = j[k];
    return typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : null;
  };
  const figures: Partial<Record<(typeof QUOTE_FIELDS)[number], number>> = {};
  for (const k of QUOTE_FIELDS) {
    const v = n(k);
    if (v === null) return null;
    figures[k] = v;
  }
  const [days, daily_price, base, insurance, extras, subtotal, discount_rate, discount, total, due_now_percent, due_now, due_at_pickup] = QUOTE_FIELDS.map((k) => figures[k] ?? 0);
  const deposit = n("deposit");
  const refundDue = n("refund_due");
  return {
    days: days!,
    daily_price: daily_price!,
    base: base!,
    insurance: insurance!,
    extras: extras!,
    subtotal: subtotal!,
    discount_rate: discount_rate!,
    discount: discount!,
    total: total!,
    due_now_percent: due_now_percent!,
    due_now: due_now!,
    due_at_pickup: due_at_pickup!,
    ...(deposit === null ? {} : { deposit }),
    ...(refundDue === null ? {} : { refund_due: refundDue }),
  };
}

type Row = Omit<AdminBooking, "extras" | "quote"> & { extras: Json; quote: Json | null };

/** The row with its JSON columns read. */
export function toAdminBooking<R extends Row>(row: R): AdminBooking {
  return { ...row, extras: readExtras(row.extras), quote: readQuote(row.quote) };
}
