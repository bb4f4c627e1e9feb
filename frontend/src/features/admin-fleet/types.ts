import type { Database, Tables } from "../../lib/database";
import { isOneOf } from "../../lib/guards";

// The back office's car rows, derived from the generated schema (lib/database.ts):
// a renamed column breaks `npm run typecheck`, not a screen at run time.

/** The values cars.transmission and cars.fuel may hold (the table's CHECK constraints). */
export const CAR_TRANSMISSIONS = ["manual", "automatic"] as const;
export const CAR_FUELS = ["gasoline", "diesel", "hybrid", "electric"] as const;
export type Transmission = (typeof CAR_TRANSMISSIONS)[number];
export type Fuel = (typeof CAR_FUELS)[number];

// The generated row says `text` for both: these narrow a value read back.
export function isTransmission(value: string): value is Transmission {
  return isOneOf(CAR_TRANSMISSIONS, value);
}
export function isFuel(value: string): value is Fuel {
  return isOneOf(CAR_FUELS, value);
}

/** A row of public.cars as select("*") returns it: `bookable` is a computed column, only there when named. */
export type AdminCar = Omit<Tables<"cars">, "bookable">;

/** A row of public.car_images. */
export type AdminCarImage = Tables<"car_images">;

/** What the form writes (no id; slug null lets the database derive it). */
export type CarRowInput = Database["public"]["Tables"]["cars"]["Insert"];
