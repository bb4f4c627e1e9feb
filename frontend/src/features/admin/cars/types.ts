// The back office's car rows (docs/schema.md). Hand-written for now: the site's
// public pages read the generated schema types (lib/database.ts); issue 20's
// admin half moves these onto them too.

export type Transmission = "manual" | "automatic";
export type Fuel = "gasoline" | "diesel" | "hybrid" | "electric";

/** English and Arabic descriptions (lib/translated.ts); a type alias, so it is JSON for the typed client. */
export type CarTranslations = Partial<Record<"en" | "ar", { description?: string }>>;

/** A row of public.cars. */
export interface AdminCar {
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
  translations?: CarTranslations;
}

/** A row of public.car_images. */
export interface AdminCarImage {
  id: number;
  car_id: number;
  image_url: string;
  alt_text: string | null;
  display_order: number;
}

/** What the form writes (no id; slug null lets the database derive it). */
export type CarRowInput = Omit<AdminCar, "id">;
