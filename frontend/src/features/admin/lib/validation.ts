// Shared shapes of the admin forms' validation: a map from field to the first
// message that applies (SPEC section 5). An empty map means the form is valid.

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors<K extends string>(errors: FieldErrors<K>): boolean {
  return Object.values(errors).some(Boolean);
}

export function isBlank(value: string | null | undefined): boolean {
  return !value || value.trim() === "";
}
