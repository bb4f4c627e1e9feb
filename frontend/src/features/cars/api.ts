import { db } from "../../lib/db";
import { loggedRead } from "../../lib/loggedRead";
import { lastFleet, rememberFleet } from "./lastFleet";
import type { CarImage, FleetCar } from "./types";

/** Every column and the database's bookable rule (docs/reservations.md). */
const CAR_COLUMNS = "*,bookable";

// Reads of SPEC section 7 (cars and images) and the fallbacks of section 8.

export type FleetSource = "server" | "fallback-error" | "fallback-exception" | "fallback-empty";

export interface FleetResult {
  cars: FleetCar[];
  source: FleetSource;
}

export async function loadFleet(): Promise<FleetResult> {
  // What the visitor sees when the server cannot answer: the fleet it last gave.
  const fallback = (source: FleetSource): FleetResult => ({ cars: lastFleet() ?? [], source });
  try {
    const { data, error, status } = await (await db()).from("cars").select(CAR_COLUMNS).order("id");
    if (error) {
      // postgrest-js reports a network failure as an error with status 0: that
      // is SPEC's "exception" case, anything else the server's "error" case.
      console.error("cars load failed", error);
      return fallback(status === 0 ? "fallback-exception" : "fallback-error");
    }
    if (!data || data.length === 0) return fallback("fallback-empty");
    rememberFleet(data);
    return { cars: data, source: "server" };
  } catch (e) {
    console.error("cars load exception", e);
    return fallback("fallback-exception");
  }
}

export type CarError = "noSlug" | "notFound" | "failed";

export interface CarResult {
  car: FleetCar | null;
  error: CarError | null;
  fromFallback: boolean;
}

/** PostgREST's answer to .single() when no row matched. */
const NO_ROW = "PGRST116";

export async function loadCar(slug: string | undefined): Promise<CarResult> {
  if (!slug) return { car: null, error: "noSlug", fromFallback: false };
  const local = lastFleet()?.find((c) => c.slug === slug) ?? null;
  try {
    const { data, error } = await (await db()).from("cars").select(CAR_COLUMNS).eq("slug", slug).maybeSingle();
    // No such car is an answer, not a failure: nothing to log.
    if (!error && !data) return { car: null, error: "notFound", fromFallback: false };
    if (error) {
      // The server answered "no such car": that is the truth. Any other failure
      // (network, 5xx) falls back to the car as the fleet last read showed it.
      if (error.code === NO_ROW || !local) {
        console.error("Car not found", error);
        return { car: null, error: "notFound", fromFallback: false };
      }
      return { car: local, error: null, fromFallback: true };
    }
    return { car: data!, error: null, fromFallback: false };
  } catch (e) {
    console.error("Failed to load car details", e);
    return local ? { car: local, error: null, fromFallback: true } : { car: null, error: "failed", fromFallback: false };
  }
}

export function loadCarImages(carId: number): Promise<CarImage[]> {
  return loggedRead<CarImage[]>("car images read failed", [], async () => (await db()).from("car_images").select("*").eq("car_id", carId).order("display_order"));
}

/** Up to 4 cars of the same category, else within ±50 DH of the price. */
export async function loadSuggestions(car: FleetCar): Promise<FleetCar[]> {
  try {
    const same = await (await db()).from("cars").select(CAR_COLUMNS).neq("id", car.id).eq("category", car.category).limit(4);
    if (same.error) console.error("suggestions read failed", same.error);
    if (same.data && same.data.length > 0) return same.data;
    const band = await (await db())
      .from("cars")
      .select(CAR_COLUMNS)
      .neq("id", car.id)
      .gte("price", car.price - 50)
      .lte("price", car.price + 50)
      .limit(4);
    if (band.error) console.error("suggestions read failed", band.error);
    return band.data ?? [];
  } catch (e) {
    console.error("suggestions read failed", e);
    return [];
  }
}

/** The cars of one category as the server has them (no local fallback: used to offer alternatives). */
export function loadCategory(category: string): Promise<FleetCar[]> {
  return loggedRead<FleetCar[]>("category read failed", [], async () => (await db()).from("cars").select(CAR_COLUMNS).eq("category", category).order("id"));
}

/** SPEC: insert the click, failure only logged, the flow continues. */
export async function trackWhatsappClick(carId: number | null): Promise<void> {
  try {
    const { error } = await (await db())
      .from("whatsapp_clicks")
      .insert({ car_id: carId, user_agent: navigator.userAgent, ip_address: null });
    if (error) console.error("whatsapp click tracking failed", error);
  } catch (e) {
    console.error("whatsapp click tracking failed", e);
  }
}
