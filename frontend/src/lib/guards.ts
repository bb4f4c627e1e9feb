/**
 * Narrows a value read from the database (a text column, a jsonb field) to one of
 * the choices the site names: a type guard, so no `as` cast has to claim it.
 */
export function isOneOf<K extends string>(choices: readonly K[], value: unknown): value is K {
  return choices.some((choice) => choice === value);
}

/** A JSON object (not null, not an array), its fields still to be checked one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
