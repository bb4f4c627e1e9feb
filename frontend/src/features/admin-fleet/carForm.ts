import { type FieldErrors, isBlank, tAdmin } from "../admin-kit";
import { CAR_FUELS, CAR_TRANSMISSIONS, isFuel, isTransmission, type AdminCar, type CarRowInput, type Fuel, type Transmission } from "./types";

// The car form of SPEC sections 3 and 5 as pure functions: the form's values are
// the inputs' strings; toCarRow turns them into the row the database stores.

export const CAR_CATEGORIES = ["Économique", "Compact", "Berline", "Premium", "SUV", "Utilitaire"] as const;
export const CAR_SEATS = [2, 4, 5, 7, 9] as const;
export { CAR_FUELS, CAR_TRANSMISSIONS };
/** Suggestions only (the filter panel's brands); any brand may be typed. */
export const CAR_BRANDS = ["Renault", "Peugeot", "Citroën", "BMW", "Mercedes", "Audi", "Volkswagen"] as const;


export interface GalleryItem {
  /** Stable key for React lists and reordering. */
  key: string;
  image_url: string;
  alt_text: string;
}

export interface CarFormValues {
  name: string;
  brand: string;
  category: string;
  price: string;
  image: string;
  seats: string;
  transmission: Transmission;
  fuel: Fuel;
  rating: string;
  review_count: string;
  /** Where the declared rating comes from ("Google"); blank: the agency's own figure. */
  rating_source: string;
  available: boolean;
  description: string;
  /** The description's English and Arabic versions: cars.translations. */
  description_en: string;
  description_ar: string;
  gps_included: boolean;
  baby_seat_included: boolean;
  second_driver_included: boolean;
  roadside_assistance_included: boolean;
  not_available_until: string;
  slug: string;
}

export type CarFormErrors = FieldErrors<keyof CarFormValues>;

export const EMPTY_CAR_FORM: CarFormValues = {
  name: "",
  brand: "",
  category: "Économique",
  price: "",
  image: "",
  seats: "5",
  transmission: "manual",
  fuel: "gasoline",
  rating: "4.5",
  review_count: "0",
  rating_source: "",
  available: true,
  description: "",
  description_en: "",
  description_ar: "",
  gps_included: false,
  baby_seat_included: false,
  second_driver_included: false,
  roadside_assistance_included: false,
  not_available_until: "",
  slug: "",
};

/** SPEC: "price parsed as integer" (parseInt semantics: "450.9" is 450). */
export function parsePrice(value: string): number {
  return Number.parseInt(value.trim(), 10);
}

/** SPEC section 5, car form. */
export function validateCarForm(v: CarFormValues): CarFormErrors {
  const errors: CarFormErrors = {};
  if (isBlank(v.name)) errors.name = tAdmin("cars.errors.nameRequired");
  if (isBlank(v.brand)) errors.brand = tAdmin("cars.errors.brandRequired");
  if (!(CAR_CATEGORIES as readonly string[]).includes(v.category)) errors.category = tAdmin("cars.errors.categoryInvalid");
  if (isBlank(v.price)) errors.price = tAdmin("cars.errors.priceRequired");
  else {
    const p = parsePrice(v.price);
    if (!Number.isFinite(p) || p <= 0) errors.price = tAdmin("cars.errors.priceInvalid");
  }
  if (isBlank(v.image)) errors.image = tAdmin("cars.errors.imageRequired");
  if (!(CAR_SEATS as readonly number[]).includes(Number(v.seats))) errors.seats = tAdmin("cars.errors.seatsInvalid");
  if (isBlank(v.rating)) errors.rating = tAdmin("cars.errors.ratingRequired");
  else {
    const r = Number(v.rating);
    if (!Number.isFinite(r) || r < 1 || r > 5) errors.rating = tAdmin("cars.errors.ratingRange");
  }
  if (!isBlank(v.review_count)) {
    const n = Number(v.review_count);
    if (!Number.isInteger(n) || n < 0) errors.review_count = tAdmin("cars.errors.reviewCountMin");
  }
  if (!isBlank(v.not_available_until) && !/^\d{4}-\d{2}-\d{2}$/.test(v.not_available_until.trim())) {
    errors.not_available_until = tAdmin("cars.errors.dateInvalid");
  }
  return errors;
}

function blankToNull(value: string): string | null {
  return value.trim() === "" ? null : value.trim();
}

/** The row written to public.cars (call only on a valid form). */
export function toCarRow(v: CarFormValues): CarRowInput {
  return {
    name: v.name.trim(),
    brand: v.brand.trim(),
    category: v.category,
    price: parsePrice(v.price),
    image: v.image.trim(),
    seats: Number(v.seats),
    transmission: v.transmission,
    fuel: v.fuel,
    rating: Math.round(Number(v.rating) * 10) / 10,
    review_count: isBlank(v.review_count) ? 0 : Number(v.review_count),
    rating_source: blankToNull(v.rating_source),
    available: v.available,
    description: blankToNull(v.description),
    // A blank translation is left out: the site then shows the French.
    translations: Object.fromEntries(
      (["en", "ar"] as const).flatMap((l) => {
        const d = blankToNull(l === "en" ? v.description_en : v.description_ar);
        return d ? [[l, { description: d }]] : [];
      }),
    ),
    gps_included: v.gps_included,
    baby_seat_included: v.baby_seat_included,
    second_driver_included: v.second_driver_included,
    roadside_assistance_included: v.roadside_assistance_included,
    // SPEC: an empty date is saved as null (no unavailability).
    not_available_until: blankToNull(v.not_available_until),
    // Empty: the database derives it from brand and name.
    slug: blankToNull(v.slug),
  };
}

export function carToForm(car: AdminCar): CarFormValues {
  return {
    name: car.name,
    brand: car.brand,
    category: car.category,
    price: String(car.price),
    image: car.image,
    seats: String(car.seats),
    // The table's CHECK allows no other value; the form's first choice stands in otherwise.
    transmission: isTransmission(car.transmission) ? car.transmission : CAR_TRANSMISSIONS[0],
    fuel: isFuel(car.fuel) ? car.fuel : CAR_FUELS[0],
    rating: String(car.rating),
    review_count: String(car.review_count ?? 0),
    rating_source: car.rating_source ?? "",
    available: car.available,
    description: car.description ?? "",
    description_en: translatedDescription(car, "en"),
    description_ar: translatedDescription(car, "ar"),
    gps_included: car.gps_included,
    baby_seat_included: car.baby_seat_included,
    second_driver_included: car.second_driver_included,
    roadside_assistance_included: car.roadside_assistance_included,
    not_available_until: car.not_available_until ?? "",
    slug: car.slug ?? "",
  };
}

/** Moves item `from` to `to` (both clamped), returning a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** car_images rows in gallery order (display_order = position). */
export function galleryRows(carId: number, items: readonly GalleryItem[]) {
  return items
    .filter((i) => i.image_url.trim() !== "")
    .map((i, index) => ({
      car_id: carId,
      image_url: i.image_url.trim(),
      alt_text: blankToNull(i.alt_text),
      display_order: index,
    }));
}

function translatedDescription(car: AdminCar, lang: "en" | "ar"): string {
  // cars.translations is jsonb ({"en": {"description": …}}): read it whatever its shape.
  const byLang = isRecord(car.translations) ? car.translations[lang] : undefined;
  const d = isRecord(byLang) ? byLang.description : undefined;
  return typeof d === "string" ? d : "";
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A car's translation state for its tab and the table (one field: written or not). */
export function carTranslationState(v: Pick<CarFormValues, "description_en" | "description_ar">, lang: "en" | "ar"): "complete" | "missing" {
  return (lang === "en" ? v.description_en : v.description_ar).trim() === "" ? "missing" : "complete";
}
