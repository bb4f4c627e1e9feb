import type { QueryClient, QueryKey } from "@tanstack/react-query";

// Query keys of every back-office read (TanStack Query), in one place: a write
// here, or a change the database reports (realtime), invalidates the
// screens that show the rows with `invalidateAfter(client, table)`. Every key
// starts with "admin" (the public site's queries never do); a key is a prefix of
// the more precise ones below it (["admin", "planning"] covers every window).

export const adminKeys = {
  all: ["admin"],
  /** Dashboard: cars, bookings, clicks, latest messages, deleted bookings, money received. */
  dashboard: ["admin", "dashboard"],
  cars: ["admin", "cars"],
  /** The gallery of one car (car form). */
  carImages: (carId: number) => ["admin", "cars", carId, "images"],
  posts: ["admin", "posts"],
  /** The bookings list with each booking's car. */
  bookings: ["admin", "bookings"],
  /** The booking state machine's moves (booking_transitions): a rule, read once. */
  bookingMoves: ["admin", "booking-moves"],
  /** Unpaid holds sharing an address, an e-mail or a phone (suspicious_holds). */
  suspiciousHolds: ["admin", "bookings", "suspicious-holds"],
  /** The ids the database's search matches for one query (stale with the bookings). */
  bookingSearch: (query: string) => ["admin", "bookings", "search", query],
  /** The Clients screen (admin_customers): stale with bookings and payments. */
  customers: ["admin", "customers"],
  /** Every ledger; one booking's payments below it. */
  payments: ["admin", "payments"],
  bookingPayments: (bookingId: string) => ["admin", "payments", bookingId],
  /** Money received (revenue_by_month), the « Encaissé » figures. */
  revenue: ["admin", "revenue"],
  /** Every planning window; one window (cars, bookings, blocks) below it. */
  planning: ["admin", "planning"],
  planningWindow: (from: string, to: string) => ["admin", "planning", "window", from, to],
  /** The bookings of one car a maintenance block would cover (block form). */
  coveredBookings: (carId: number, from: string, to: string) => ["admin", "planning", "covered", carId, from, to],
  messages: ["admin", "messages"],
  /** Travellers' change requests and cancellations ("My booking"). */
  requests: ["admin", "requests"],
  /** Travellers' reviews to moderate (car_reviews). */
  reviews: ["admin", "reviews"],
  /** Rental terms and each category's key facts (« Conditions de location »). */
  keyFacts: ["admin", "key-facts"],
  admins: ["admin", "admins"],
  /** Which administrators have a verified second factor (admin-users list). */
  adminsMfa: ["admin", "admins", "mfa"],
  /** The signed-in administrator's own TOTP factors (Sécurité section). */
  ownFactors: ["admin", "own-factors"],
} as const satisfies Record<string, QueryKey | ((...args: never[]) => QueryKey)>;

/** The tables the back office shows, and what each one's changes make stale. */
export const staleAfter = {
  bookings: [adminKeys.bookings, adminKeys.dashboard, adminKeys.planning, adminKeys.payments, adminKeys.revenue, adminKeys.customers, adminKeys.requests],
  payments: [adminKeys.payments, adminKeys.revenue, adminKeys.bookings, adminKeys.dashboard, adminKeys.customers],
  cars: [adminKeys.cars, adminKeys.dashboard, adminKeys.planning, adminKeys.bookings],
  car_images: [adminKeys.cars],
  car_blocks: [adminKeys.planning],
  contacts: [adminKeys.messages, adminKeys.dashboard],
  booking_change_requests: [adminKeys.requests, adminKeys.bookings, adminKeys.planning, adminKeys.dashboard],
  blog_posts: [adminKeys.posts],
  whatsapp_clicks: [adminKeys.dashboard],
  deleted_bookings: [adminKeys.dashboard],
  profiles: [adminKeys.admins],
  car_reviews: [adminKeys.reviews, adminKeys.cars],
} as const satisfies Record<string, readonly QueryKey[]>;

export type AdminTable = keyof typeof staleAfter;

/** Marks every query showing rows of `table` stale; the mounted ones are read again. */
export function invalidateAfter(client: QueryClient, table: AdminTable): Promise<void> {
  return Promise.all(staleAfter[table].map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}
