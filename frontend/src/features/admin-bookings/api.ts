import { check, db as supabase } from "../admin-kit";

// Unpaid requests hoarding the fleet (docs/reservations.md, "Fair holds"): the
// database groups the active unpaid holds that share an address, an e-mail or a
// phone, and releases the ones an administrator picks, in one call each.

export type HoldGroupKind = "address" | "email" | "phone";

/** One group of active unpaid holds sharing an address, an e-mail or a phone (suspicious_holds). */
export interface HoldGroup {
  kind: HoldGroupKind;
  key: string;
  holds: number;
  cars: number;
  booking_ids: string[];
  booking_refs: string[];
  first_start: string;
  last_end: string;
}

const KINDS: readonly HoldGroupKind[] = ["address", "email", "phone"];

export async function listSuspiciousHolds(): Promise<HoldGroup[]> {
  const res = await supabase.rpc("suspicious_holds", {});
  return check({ ...res, data: res.data ?? [] }).flatMap((g) => {
    const kind = KINDS.find((k) => k === g.kind);
    return kind ? [{ ...g, kind }] : [];
  });
}

/** Cancels these bookings while still unpaid holds; the database answers how many it released. */
export async function releaseHolds(ids: readonly string[]): Promise<number> {
  return check(await supabase.rpc("release_holds", { p_ids: [...ids] }));
}
