import { supabase } from "../../../lib/supabase";
import { check } from "../lib/errors";
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
  total_price: number | null;
  status: string;
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
}

export async function loadDashboard(now = new Date()): Promise<DashboardData> {
  const [cars, bookings, clicks, messages, deleted] = await Promise.all([
    supabase.from("cars").select("id, name, available").order("id"),
    supabase.from("bookings").select("id, customer_name, total_price, status, hold_expires_at, created_at, cars(name)").order("created_at", { ascending: false }),
    supabase.from("whatsapp_clicks").select("id, created_at, cars(name)").order("created_at", { ascending: false }),
    supabase.from("contacts").select("id, name, subject, status, created_at").order("created_at", { ascending: false }).limit(20),
    supabase
      .from("deleted_bookings")
      .select("id, original_booking_id, customer_name, customer_email, total_price, start_date, end_date, status, deleted_at")
      .gte("deleted_at", sevenDaysAgo(now).toISOString())
      .order("deleted_at", { ascending: false })
      .limit(5),
  ]);
  return {
    cars: check(cars) as DashCar[],
    bookings: check(bookings) as unknown as DashBooking[],
    clicks: check(clicks) as unknown as DashClick[],
    messages: check(messages) as DashMessage[],
    deleted: check(deleted) as DeletedBooking[],
  };
}
