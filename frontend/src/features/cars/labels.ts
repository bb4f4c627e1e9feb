// Stored values to translation keys.
const CATEGORY_KEYS: Record<string, string> = {
  économique: "economy",
  compact: "compact",
  berline: "sedan",
  premium: "premium",
  suv: "suv",
  utilitaire: "utility",
};

export function categoryKey(category: string): string {
  return `categories.${CATEGORY_KEYS[category.toLowerCase()] ?? "other"}`;
}
