import { tAdmin } from "../i18n";

// Shared shapes of the admin forms' validation: a map from field to the first
// message that applies (SPEC section 5). An empty map means the form is valid.

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors<K extends string>(errors: FieldErrors<K>): boolean {
  return Object.values(errors).some(Boolean);
}

export function isBlank(value: string | null | undefined): boolean {
  return !value || value.trim() === "";
}

/**
 * The errors a form shows: those found at the last failed save (`shown`), less
 * the ones fixed since, as the values read now (`now`, the same validation run
 * on every render). A message may change ("invalid" after "required"); no error
 * appears before the next save.
 */
export function stillWrong<K extends string>(shown: FieldErrors<K>, now: FieldErrors<K>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const k of Object.keys(shown) as K[]) if (shown[k] && now[k]) out[k] = now[k];
  return out;
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** SPEC section 5: car image uploads are images only, up to 10 MB. */
export function validateImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return tAdmin("cars.errors.fileNotImage");
  if (file.size > MAX_IMAGE_BYTES) return tAdmin("cars.errors.fileTooLarge");
  return null;
}
