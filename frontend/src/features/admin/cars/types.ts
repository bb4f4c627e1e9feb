// The admin reads and writes the same rows as the public site (docs/schema.md):
// one definition, in features/cars. Type-only imports add no code to either chunk.
import type { Car, CarImage } from "../../cars/types";

export type { Fuel, Transmission } from "../../cars/types";

export type AdminCar = Car;
export type AdminCarImage = CarImage;

/** What the form writes (no id; slug null lets the database derive it). */
export type CarRowInput = Omit<Car, "id">;
