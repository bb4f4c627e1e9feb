import type { TFunction } from "i18next";

/** A translated list (array of objects or strings) from the locale files, interpolated with vars. */
export function tList<T>(t: TFunction, key: string, vars: Record<string, unknown> = {}): T[] {
  const v = t(key, { ...vars, returnObjects: true }) as unknown;
  return Array.isArray(v) ? (v as T[]) : [];
}
