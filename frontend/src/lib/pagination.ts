export const PAGE_SIZE = 12;
export const PAGE_WINDOW = 5;

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * At most `size` page numbers, centred on the current page, or pinned to the
 * start or the end when the current page is near an edge (SPEC section 9).
 */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW): number[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  if (totalPages <= size) return Array.from({ length: totalPages }, (_, i) => i + 1);
  let start = page - Math.floor(size / 2);
  start = Math.max(1, Math.min(start, totalPages - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

export function pageSlice<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE): T[] {
  const start = (page - 1) * pageSize;
  return items.slice(start, start + pageSize);
}
