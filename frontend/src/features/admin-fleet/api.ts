import { supabase } from "../../lib/supabase";
import { check } from "../admin-kit";
import { galleryRows, type GalleryItem } from "./carForm";
import type { AdminCar, AdminCarImage, CarRowInput } from "./types";

// Cars and their images (SPEC section 7). Writes are allowed by RLS to
// administrators only; a refusal comes back as an error like any other.

export async function listCars(): Promise<AdminCar[]> {
  return check(await supabase.from("cars").select("*").order("id"));
}

export async function listCarImages(carId: number): Promise<AdminCarImage[]> {
  return check(
    await supabase.from("car_images").select("*").eq("car_id", carId).order("display_order"),
  );
}

/** Result of a save: the car row, and whether its gallery could be written. */
export interface SaveOutcome {
  car: AdminCar;
  imagesSaved: boolean;
}

/** Insert the car (without images), then its car_images rows. */
export async function createCar(row: CarRowInput, gallery: readonly GalleryItem[]): Promise<SaveOutcome> {
  const car = check(await supabase.from("cars").insert(row).select().single());
  const rows = galleryRows(car.id, gallery);
  if (rows.length === 0) return { car, imagesSaved: true };
  const { error } = await supabase.from("car_images").insert(rows);
  if (error) console.error("car images insert failed", error);
  return { car, imagesSaved: !error };
}

/** Update the car by id, then replace its images (delete and reinsert). */
export async function updateCar(id: number, row: CarRowInput, gallery: readonly GalleryItem[]): Promise<SaveOutcome> {
  const car = check(await supabase.from("cars").update(row).eq("id", id).select().single());
  const del = await supabase.from("car_images").delete().eq("car_id", id);
  if (del.error) {
    console.error("car images delete failed", del.error);
    return { car, imagesSaved: false };
  }
  const rows = galleryRows(id, gallery);
  if (rows.length === 0) return { car, imagesSaved: true };
  const { error } = await supabase.from("car_images").insert(rows);
  if (error) console.error("car images insert failed", error);
  return { car, imagesSaved: !error };
}

export async function deleteCar(id: number): Promise<void> {
  // select() so a delete that RLS filtered out (0 rows) is not mistaken for success.
  const rows = check(await supabase.from("cars").delete().eq("id", id).select("id"));
  if (!rows || rows.length === 0) throw new Error("car not deleted");
}

export async function setAvailability(id: number, available: boolean): Promise<AdminCar> {
  return check(await supabase.from("cars").update({ available }).eq("id", id).select().single());
}
