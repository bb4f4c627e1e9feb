import type { Database as Generated } from "./database.types";

// The Database type the site's client is built with (createClient<Database>):
// database.types.ts as `make types` generates it from the migrations (never
// edited by hand: a Go test compares), with what the catalogue cannot say
// written over it — Supabase's documented way ("override the generated types"):
//  - the shape of the jsonb that functions return (docs/booking-record.md);
//  - columns a BEFORE trigger fills, which an insert may leave out (the generator
//    sees NOT NULL without a default and asks for them);
//  - which columns of a set-returning function may be null.
// Everything else — tables' rows, select strings, rpc arguments — is the
// generated file's, so a renamed column breaks `npm run typecheck`.

type G = Generated["public"];
type Over<T, U> = Omit<T, keyof U> & U;
type Table<N extends keyof G["Tables"], Ins, Upd = Partial<Ins>> = Over<
  G["Tables"][N],
  { Insert: Over<G["Tables"][N]["Insert"], Ins>; Update: Over<G["Tables"][N]["Update"], Upd> }
>;

/** public.quote_booking's answer (DH; due_now and due_at_pickup may have centimes). */
export interface QuoteJson {
  days: number;
  daily_price: number;
  base: number;
  insurance: number;
  extras: number;
  /** The extras the car includes (they cost 0); absent from quotes stored before cars' inclusions were priced. */
  included?: string[];
  subtotal: number;
  /**
   * Whose figures these are: "online" (a PayPal booking: the payment option's
   * discount, its share now) or "agency" (any other: the subtotal, nothing now).
   * Absent from quotes stored before the price depended on the channel.
   */
  channel?: "online" | "agency";
  discount_rate: number;
  discount: number;
  total: number;
  due_now_percent: number;
  due_now: number;
  due_at_pickup: number;
  /** The same trip paid online with the chosen payment option (what the PayPal button takes). */
  online?: Pick<QuoteJson, "discount_rate" | "discount" | "total" | "due_now_percent" | "due_now" | "due_at_pickup">;
  /** The deposit held at pickup (DH, not part of the total). */
  deposit?: number | null;
  /** Until when cancelling is free: a local (Casablanca) timestamp, "YYYY-MM-DDTHH:MM:SS"; null when that moment was already past when quoted. */
  free_cancellation_until?: string | null;
  /** The free window was already over when quoted: cancelling costs late_cancellation_fee from the start. */
  free_cancellation_over?: boolean;
  /** What a cancellation after that moment costs (DH), and the rule's number of days at the daily price. */
  late_cancellation_fee?: number | null;
  late_cancellation_days?: number | null;
  /** The key facts of the car's category: the chosen insurance's excess (DH), km per day (null: unlimited), fuel policy, the driver's minimums. */
  excess?: number | null;
  mileage_km_per_day?: number | null;
  /** DH per kilometre past a limited mileage (quotes made before it was stated lack it). */
  extra_km_price?: number | null;
  fuel_policy?: "same_to_same" | "full_to_full" | null;
  min_driver_age?: number | null;
  min_licence_years?: number | null;
  /** The version of the rental terms the quote is made under (a visitor's booking sends it back as accepted). */
  terms_version?: string | null;
}

/** The breakdown stored with a booking (bookings.quote): quote_booking's figures plus the deposit. */
export interface StoredQuoteJson extends QuoteJson {
  deposit?: number | null;
  /** On a booking paid online and re-priced below what was paid: what the agency owes back (DH). */
  refund_due?: number;
}

/** A booking's dates, times and places as public.bookings stores them (the receipt, the wizard's request, the order shown). */
export type BookingTrip = Pick<G["Tables"]["bookings"]["Row"], "start_date" | "end_date" | "pickup_time" | "return_time" | "pickup_location" | "return_location">;

/** Who booked, as a booking stores it (its receipt, the back office's list). */
export interface BookingContact {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  /** When given: the hotel of a hotel delivery or collection, the flight of an airport pickup. */
  hotel_name?: string | null;
  hotel_address?: string | null;
  flight_number?: string | null;
}

/**
 * A traveller's request from "My booking" (public.booking_change_requests) as the
 * traveller's page and the agency's list both read it: other dates (or a car) to
 * be accepted or refused, or a cancellation made by the traveller.
 */
export interface ChangeRequestFields {
  id: string;
  kind: "change" | "cancellation";
  /** closed: closed with its booking (cancelled, expired), neither accepted nor refused. */
  state: "pending" | "accepted" | "refused" | "done" | "closed";
  start_date: string | null;
  end_date: string | null;
  pickup_time: string | null;
  return_time: string | null;
  total: number | null;
  available: boolean | null;
  created_at: string;
}

/** public.booking_receipt(p_id): the booking as its maker may read it back (null: no such booking). */
export interface ReceiptJson extends BookingTrip, BookingContact {
  id: string;
  reference: string;
  status: string;
  payment_status: string;
  payment_method: string;
  hold_expires_at: string | null;
  language: string;
  car: { name: string; brand: string; category?: string } | null;
  insurance_type: string | null;
  extras: Record<string, boolean> | null;
  payment_option: string | null;
  quote: StoredQuoteJson | null;
}

/** One line of the booking's ledger (public.payments) as the page shows it. */
export interface LedgerLineJson {
  kind: "paypal" | "refund" | "counter";
  status: string;
  amount: number;
  currency: string;
  amount_mad: number;
  created_at: string;
  settled_at: string | null;
}

/** A change request or a cancellation made on the page. */
export interface TravellerRequestJson extends ChangeRequestFields {
  car: { id: number; name: string; brand: string } | null;
  /** A cancellation after the free window: the fee kept (DH). */
  fee?: number | null;
}

/** public.my_booking(token): the booking a link opens (a function of the schema). */
export interface MyBookingJson {
  reference: string;
  status: string;
  payment_status: string;
  payment_method: string | null;
  language: string;
  car: { id: number; name: string; brand: string; category: string; image: string | null } | null;
  start_date: string;
  end_date: string;
  pickup_time: string;
  return_time: string;
  pickup_location: string;
  return_location: string;
  insurance_type: string;
  extras: Record<string, boolean>;
  payment_option: string;
  days: number;
  total_price: number;
  quote: StoredQuoteJson | null;
  customer_name: string;
  customer_phone: string;
  flight_number: string | null;
  hotel_name: string | null;
  hotel_address: string | null;
  arrival_note: string | null;
  payments: LedgerLineJson[];
  /**
   * free_until: null when no free window was promised (already over when booked);
   * cost: what cancelling after it costs; refund: what cancelling now gives back of
   * an online payment (the database's figures).
   */
  cancellation: { free_until: string | null; free_now: boolean; cost: number; refund: number; possible: boolean };
  requests: TravellerRequestJson[];
}

/** What a change would cost, before it is asked (my_booking_change_quote: the quote the request would store). */
export interface ChangeQuoteJson {
  quote: StoredQuoteJson;
  available: boolean;
  current_total: number;
}

/** public.review_invitation(token): the rental a review link opens (rental/supabase/schemas/reviews.sql). */
export interface ReviewInvitationJson {
  reference: string;
  status: string;
  language: string;
  first_name: string;
  start_date: string;
  end_date: string;
  car: { id: number; slug: string; name: string; brand: string; image: string | null } | null;
  review: { stars: number; comment: string | null; status: "pending" | "approved" | "rejected"; created_at: string } | null;
}

/** Why a car is not free: another booking, a maintenance block, `available = false`, `not_available_until`. */
export type HoldReason = "booked" | "maintenance" | "unavailable" | "not_yet";
export type DayState = "free" | "partial" | "taken";

export type Database = Over<
  Generated,
  {
    public: Over<
      G,
      {
        Tables: Over<
          G["Tables"],
          {
            // bookings_compute_price (days, total_price) and the reference trigger (20260112000000).
            bookings: Table<"bookings", { days?: number; total_price?: number; reference?: string }>;
            // The payment row copies its booking's reference (20260112000000).
            payments: Table<"payments", { booking_reference?: string; amount_mad?: number }>;
            // A null slug is made from the name (cars_slug, blog_posts_slug).
            cars: Table<"cars", { slug?: string | null }>;
            blog_posts: Table<"blog_posts", { slug?: string | null }>;
          }
        >;
        Functions: Over<
          G["Functions"],
          {
            quote_booking: Over<G["Functions"]["quote_booking"], { Returns: QuoteJson | null }>;
            booking_receipt: Over<G["Functions"]["booking_receipt"], { Returns: ReceiptJson | null }>;
            car_availability: Over<
              G["Functions"]["car_availability"],
              {
                Returns: (Omit<G["Functions"]["car_availability"]["Returns"][number], "reason" | "next_free" | "free_cancellation_until"> & {
                  reason: HoldReason | null;
                  next_free: string | null;
                  /** null when the free window is already over for these dates. */
                  free_cancellation_until: string | null;
                })[];
              }
            >;
            car_calendar: Over<G["Functions"]["car_calendar"], { Returns: { day: string; state: DayState }[] }>;
            // "My booking" (docs/my-booking.md): the booking a link opens, after each step, and a change's price.
            my_booking: Over<G["Functions"]["my_booking"], { Returns: MyBookingJson }>;
            my_booking_update: Over<G["Functions"]["my_booking_update"], { Returns: MyBookingJson }>;
            my_booking_cancel: Over<G["Functions"]["my_booking_cancel"], { Returns: MyBookingJson }>;
            my_booking_cancel_late: Over<G["Functions"]["my_booking_cancel_late"], { Returns: MyBookingJson }>;
            my_booking_change_request: Over<G["Functions"]["my_booking_change_request"], { Returns: MyBookingJson }>;
            my_booking_change_quote: Over<G["Functions"]["my_booking_change_quote"], { Returns: ChangeQuoteJson }>;
            // A review link's rental (docs/reviews.md), read and after a review is sent.
            review_invitation: Over<G["Functions"]["review_invitation"], { Returns: ReviewInvitationJson }>;
            submit_review: Over<G["Functions"]["submit_review"], { Returns: ReviewInvitationJson }>;
          }
        >;
      }
    >;
  }
>;

type PublicTables = Database["public"]["Tables"];
/** A table's row as select("*") returns it. */
export type Tables<N extends keyof PublicTables> = PublicTables[N]["Row"];
/** What an rpc returns. */
export type Returns<F extends keyof Database["public"]["Functions"]> = Database["public"]["Functions"][F]["Returns"];
