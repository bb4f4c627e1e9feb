import type { AdminBooking } from "../admin-booking-core";

/** A car as the planning lists it (one row each). */
export interface PlanCar {
  id: number;
  name: string;
  brand: string;
  category: string;
  available: boolean;
  not_available_until: string | null;
}

/** A row of public.car_blocks: the car is out of service start_date..end_date (inclusive). */
export interface CarBlock {
  id: number;
  car_id: number;
  start_date: string;
  end_date: string;
  reason: string;
  created_by: string | null;
  created_at: string;
}

/** What a booking must have to be drawn (the planning reads the whole row, for the details dialog). */
export type PlanBooking = AdminBooking;

export interface PlanningData {
  from: string;
  to: string;
  cars: PlanCar[];
  bookings: PlanBooking[];
  blocks: CarBlock[];
}

export interface NewBlock {
  car_id: number;
  start_date: string;
  end_date: string;
  reason: string;
}
