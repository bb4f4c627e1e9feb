import { check, db as supabase } from "../admin-kit";
import { BOOKING_SELECT, toAdminBooking } from "../admin-booking-core";
import type { CarBlock, NewBlock, PlanBooking, PlanningData } from "./types";

// The planning's reads: one query per table for the visible window (cars,
// bookings with their car, maintenance blocks), sent together. A booking or a
// block is in the window when it starts on or before its last day and ends on
// or after its first day.

export async function loadPlanning(from: string, to: string): Promise<PlanningData> {
  const [cars, bookings, blocks] = await Promise.all([
    supabase.from("cars").select("id, name, brand, category, available, not_available_until").order("brand").order("name").order("id"),
    supabase.from("bookings").select(BOOKING_SELECT).lte("start_date", to).gte("end_date", from).order("start_date").order("pickup_time"),
    supabase.from("car_blocks").select("*").lte("start_date", to).gte("end_date", from).order("start_date"),
  ]);
  return {
    from,
    to,
    cars: check(cars),
    bookings: check(bookings).map(toAdminBooking),
    blocks: check(blocks),
  };
}

/** The bookings of one car on some of the days from..to (inclusive), still holding it or not. */
export async function carBookingsBetween(carId: number, from: string, to: string): Promise<PlanBooking[]> {
  return check(
    await supabase.from("bookings").select(BOOKING_SELECT).eq("car_id", carId).lte("start_date", to).gte("end_date", from).order("start_date"),
  ).map(toAdminBooking);
}

export async function addBlock(block: NewBlock): Promise<CarBlock> {
  return check(await supabase.from("car_blocks").insert(block).select("*").single());
}

export async function deleteBlock(id: number): Promise<void> {
  const rows = check(await supabase.from("car_blocks").delete().eq("id", id).select("id"));
  if (!rows || rows.length === 0) throw new Error("block not deleted");
}
