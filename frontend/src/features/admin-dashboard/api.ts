import { agencyToday, check, db as supabase } from "../admin-kit";
import { loadRevenue, type RevenueMonth, revenueRange } from "../admin-payments";
import { sevenDaysAgo } from "./stats";

// Dashboard reads (SPEC section 7): cars, bookings, clicks, plus the latest
// messages for the activity list and the deleted bookings of the last 7 days.

export interface DashCar {
  id: number;
  name: string;
  available: boolean;
}
export interface DashBooking {
  id: string;
  customer_name: string;
  status: string;
  payment_status: string | null;
  hold_expires_at: string | null;
  created_at: string;
  cars: { name: string } | null;
}
export interface DashClick {
  id: number;
  created_at: string;
  cars: { name: string } | null;
}
export interface DashMessage {
  id: string;
  name: string;
  subject: string;
  status: string | null;
  created_at: string;
}
export interface DeletedBooking {
  id: number;
  original_booking_id: string;
  /** CR-XXXXX; null for bookings deleted before references existed. */
  reference: string | null;
  customer_name: string | null;
  customer_email: string | null;
  total_price: number | null;
  start_date: string | null;
  end_date: string | null;
  status: string | null;
  deleted_at: string;
}

export interface DashboardData {
  cars: DashCar[];
  bookings: DashBooking[];
  clicks: DashClick[];
  messages: DashMessage[];
  deleted: DeletedBooking[];
  /** Money received per month up to the current one (revenue_by_month). */
  revenue: RevenueMonth[];
  /** The agency's today (Casablanca), "YYYY-MM-DD", the months are counted from. */
  today: string;
}

export async function loadDashboard(now = new Date()): Promise<DashboardData> {
  const today = agencyToday(now);
  const [cars, bookings, clicks, messages, deleted, revenue] = await Promise.all([
    supabase.from("cars").select("id, name, available").order("id"),
    supabase.from("bookings").select("id, customer_name, status, payment_status, hold_expires_at, created_at, cars(name)").order("created_at", { ascending: false }),
    supabase.from("whatsapp_clicks").select("id, created_at, cars(name)").order("created_at", { ascending: false }),
    supabase.from("contacts").select("id, name, subject, status, created_at").order("created_at", { ascending: false }).limit(20),
    supabase
      .from("deleted_bookings")
      .select("id, original_booking_id, reference, customer_name, customer_email, total_price, start_date, end_date, status, deleted_at")
      .gte("deleted_at", sevenDaysAgo(now).toISOString())
      .order("deleted_at", { ascending: false })
      .limit(5),
    loadRevenue(revenueRange(today)),
  ]);
  return {
    cars: check(cars),
    bookings: check(bookings),
    clicks: check(clicks),
    messages: check(messages),
    deleted: check(deleted),
    revenue,
    today,
  };
}
