import type { Json } from "../../lib/database.types";
import { fold } from "../../lib/slug";

// The Clients screen's rules: the database groups bookings into customers
// (admin_customers: one per e-mail and phone, money received as revenue_by_month
// counts it); these read its answer and filter the list as typed.

/** One booking of a customer, as admin_customers lists them (latest first). */
export interface CustomerBooking {
  id: string;
  reference: string | null;
  status: string;
  car: string | null;
  start_date: string | null;
  end_date: string | null;
  total_price: number;
  /** Money received for this booking, in DH. */
  received: number;
}

export interface Customer {
  key: string;
  name: string;
  email: string;
  phone: string;
  bookings: CustomerBooking[];
  /** Money received from this customer, in DH (PayPal − refunds + counter). */
  totalPaid: number;
  lastBookedAt: string;
  /** The latest pickup day that took place; null when none has yet. */
  lastVisit: string | null;
}

/** A row of rpc('admin_customers'), as the generated types describe it. */
export interface CustomerRow {
  customer_key: string;
  name: string;
  email: string;
  phone: string;
  bookings: Json;
  total_paid: number | string;
  last_booked_at: string;
  last_visit: string | null;
}

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);
const amount = (v: unknown): number => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};

/** A booking of the jsonb list; anything without an id and a status is an answer of another shape. */
function toCustomerBooking(v: Json): CustomerBooking {
  if (!v || typeof v !== "object" || Array.isArray(v)) throw new Error("admin_customers: a booking is not an object");
  const id = text(v.id);
  const status = text(v.status);
  if (!id || !status) throw new Error("admin_customers: a booking without id or status");
  return {
    id,
    reference: text(v.reference),
    status,
    car: text(v.car),
    start_date: text(v.start_date),
    end_date: text(v.end_date),
    total_price: amount(v.total_price),
    received: amount(v.received),
  };
}

export function toCustomer(row: CustomerRow): Customer {
  if (!Array.isArray(row.bookings)) throw new Error("admin_customers: bookings is not a list");
  return {
    key: row.customer_key,
    name: row.name,
    email: row.email,
    phone: row.phone,
    bookings: row.bookings.map(toCustomerBooking),
    totalPaid: amount(row.total_paid),
    lastBookedAt: row.last_booked_at,
    lastVisit: row.last_visit,
  };
}

/** Digits of a phone as the database compares them (its phone_key): no 00, 212 or leading 0. */
export function phoneDigits(phone: string): string {
  const d = phone.replace(/\D/g, "").replace(/^00/, "");
  if (d.startsWith("212") && d.length >= 11) return d.slice(3);
  return d.startsWith("0") ? d.slice(1) : d;
}

/** The customers whose name, e-mail, phone (any form, 4 digits at least) or booking reference match what is typed. */
export function filterCustomers(list: readonly Customer[], query: string): Customer[] {
  const q = fold(query.trim());
  if (!q) return [...list];
  const digits = /^[0-9+ ().-]+$/.test(q) ? phoneDigits(q) : "";
  return list.filter(
    (c) =>
      fold(c.name).includes(q) ||
      fold(c.email).includes(q) ||
      (digits.length >= 4 && phoneDigits(c.phone).includes(digits)) ||
      c.bookings.some((b) => b.reference !== null && fold(b.reference).includes(q)),
  );
}
