import type { Tables } from "../../lib/database";

// The rows the site reads, as the generated schema types say (lib/database.ts):
// a renamed column is a type error, not a blank on the page.

/** The values of cars.transmission and cars.fuel (checked by the table). */
export type Transmission = "manual" | "automatic";
export type Fuel = "gasoline" | "diesel" | "hybrid" | "electric";

/**
 * A car as the public site reads it (`select=*,bookable`): the row of public.cars
 * (docs/schema.md) with the database's "bookable today" display rule
 * (docs/reservations.md). The timestamps are not shown, so the sample fleet of
 * the tests (sampleFleet.ts) does without them.
 */
export type FleetCar = Omit<Tables<"cars">, "created_at" | "updated_at">;
export type Car = FleetCar;

export type CarImage = Tables<"car_images">;
