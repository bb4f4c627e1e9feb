import { queryOptions, useQuery } from "@tanstack/react-query";
import { db } from "./db";

// The list of extras has one home: public.booking_options (docs/reservations.md,
// "Prices: one home"). The site and the back office read its order from there;
// neither names the extras itself.

/** The extras' keys in the price list's order (empty when it cannot be read). */
export async function fetchExtraOrder(): Promise<string[]> {
  try {
    const { data, error } = await (await db()).from("booking_options").select("key").eq("kind", "extra").order("position");
    if (error) {
      console.error("booking_options read failed", error);
      return [];
    }
    return (data ?? []).map((r) => r.key);
  } catch (e) {
    console.error("booking_options read failed", e);
    return [];
  }
}

export const extraOrderQuery = queryOptions({ queryKey: ["booking_options", "extras"], queryFn: fetchExtraOrder, staleTime: 10 * 60_000 });

/**
 * The extras' order once read; undefined while it is being read, so that a list
 * is shown once, in its order, rather than re-ordering under the reader's eyes.
 */
export function useExtraOrder(): readonly string[] | undefined {
  return useQuery(extraOrderQuery).data;
}

/** The extras chosen (value true): those of `order` in its order, then any other by key. */
export function chosenExtras(extras: Record<string, boolean> | null | undefined, order: readonly string[]): string[] {
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i < 0 ? order.length : i;
  };
  return Object.entries(extras ?? {})
    .filter(([, on]) => on === true)
    .map(([k]) => k)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
