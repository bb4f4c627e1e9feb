import { tAdmin } from "../admin-kit";
import { isISODate } from "./planningView";
import type { NewBlock } from "./types";

export interface BlockFormValues {
  car_id: string;
  start_date: string;
  end_date: string;
  reason: string;
}

export type BlockFormErrors = Partial<Record<keyof BlockFormValues, string>>;

export function validateBlock(v: BlockFormValues): { errors: BlockFormErrors; block: NewBlock | null } {
  const errors: BlockFormErrors = {};
  const car = Number(v.car_id);
  if (!v.car_id || !Number.isInteger(car) || car <= 0) errors.car_id = tAdmin("planning.form.errors.carRequired");
  if (!isISODate(v.start_date)) errors.start_date = tAdmin("planning.form.errors.fromRequired");
  if (!isISODate(v.end_date)) errors.end_date = tAdmin("planning.form.errors.toRequired");
  else if (isISODate(v.start_date) && v.end_date < v.start_date) errors.end_date = tAdmin("planning.form.errors.toBeforeFrom");
  const reason = v.reason.trim();
  if (!reason) errors.reason = tAdmin("planning.form.errors.reasonRequired");
  if (Object.keys(errors).length > 0) return { errors, block: null };
  return { errors, block: { car_id: car, start_date: v.start_date, end_date: v.end_date, reason } };
}

/** The dates to check for covered bookings, once both are valid and in order. */
export function blockRange(v: Pick<BlockFormValues, "car_id" | "start_date" | "end_date">): { carId: number; from: string; to: string } | null {
  const carId = Number(v.car_id);
  if (!v.car_id || !Number.isInteger(carId) || carId <= 0) return null;
  if (!isISODate(v.start_date) || !isISODate(v.end_date) || v.end_date < v.start_date) return null;
  return { carId, from: v.start_date, to: v.end_date };
}
