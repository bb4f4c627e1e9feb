import type { Translations } from "../../lib/translated";
export type Transmission = "manual" | "automatic";
export type Fuel = "gasoline" | "diesel" | "hybrid" | "electric";

/** A row of public.cars (docs/schema.md). */
export interface Car {
  id: number;
  slug: string | null;
  name: string;
  brand: string;
  category: string;
  price: number;
  image: string;
  seats: number;
  transmission: Transmission;
  fuel: Fuel;
  rating: number;
  review_count: number;
  available: boolean;
  description: string | null;
  gps_included: boolean;
  baby_seat_included: boolean;
  second_driver_included: boolean;
  roadside_assistance_included: boolean;
  not_available_until: string | null;
  /** English and Arabic texts (lib/translated.ts); absent on the built-in sample fleet. */
  translations?: Translations<"description"> | null;
}

/**
 * A car as the public site reads it (`select=*,bookable`): the row and the
 * database's "bookable today" display rule (docs/reservations.md).
 */
export interface FleetCar extends Car {
  bookable: boolean;
}

export interface CarImage {
  id: number;
  car_id: number;
  image_url: string;
  alt_text: string | null;
  display_order: number;
}
