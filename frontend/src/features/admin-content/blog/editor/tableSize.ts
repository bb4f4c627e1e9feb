// SPEC section 5: a table is inserted with 2-10 rows and 1-6 columns, 3 by default.

export const TABLE_ROWS = { min: 2, max: 10, default: 3 } as const;
export const TABLE_COLS = { min: 1, max: 6, default: 3 } as const;

function clamp(n: number, lo: number, hi: number, fallback: number): number {
  if (!Number.isFinite(n)) return fallback;
  return Math.max(lo, Math.min(hi, Math.trunc(n)));
}

export function clampTableSize(rows: number, cols: number): { rows: number; cols: number } {
  return {
    rows: clamp(rows, TABLE_ROWS.min, TABLE_ROWS.max, TABLE_ROWS.default),
    cols: clamp(cols, TABLE_COLS.min, TABLE_COLS.max, TABLE_COLS.default),
  };
}

/** Link insertion needs a URL; a bare domain gets https://. Null when unusable. */
export function normalizeLinkUrl(input: string): string | null {
  const s = input.trim();
  if (!s) return null;
  if (/^(javascript|data|vbscript):/i.test(s)) return null;
  if (/^(https?:|mailto:|tel:|\/|#)/i.test(s)) return s;
  return `https://${s}`;
}
