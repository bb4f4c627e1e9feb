/**
 * SPEC section 2, a car without a slug: lowercase the name, spaces to hyphens,
 * remove non-alphanumerics, then a hyphen and the id.
 */
export function fallbackCarSlug(name: string, id: number): string {
  const base = name
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "");
  return `${base}-${id}`;
}

export function carSlug(car: { slug?: string | null; name: string; id: number }): string {
  return car.slug && car.slug.trim() ? car.slug : fallbackCarSlug(car.name, car.id);
}

/**
 * SPEC section 5, a blog slug from its title: lowercase, accents removed,
 * non-alphanumerics to hyphens, leading and trailing hyphens trimmed.
 */
export function slugify(title: string): string {
  return fold(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Lowercase without accents: what case- and accent-insensitive searches compare. */
export function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
}
