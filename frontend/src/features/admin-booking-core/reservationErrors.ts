import { isRecord } from "../../lib/guards";
import { formatDate } from "../../lib/format";
import { shortDateTime, tAdmin } from "../admin-kit";

function nextFree(details: Record<string, unknown>): string {
  const at = typeof details.next_free === "string" ? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(details.next_free) : null;
  return at ? tAdmin("bookings.conflicts.nextFree", { when: shortDateTime(at[1] as string, at[2]) }) : "";
}

/** A move the booking state machine refuses (BK007), with the moves it allows from there. */
function refusedMove(d: Record<string, unknown>): string {
  const label = (s: unknown) => (typeof s === "string" ? tAdmin(`bookings.statuses.${s}`) : "");
  const allowed = Array.isArray(d.allowed) ? d.allowed.map(label).filter(Boolean) : [];
  return (
    tAdmin("bookings.conflicts.move", { from: label(d.from), to: label(d.to) }) +
    (allowed.length ? tAdmin("bookings.conflicts.moveAllowed", { allowed: allowed.join(", ") }) : tAdmin("bookings.conflicts.noMoveAllowed"))
  );
}

/** The French message of a reservation refusal, or null for any other error. */
export function reservationErrorMessage(error: unknown): string | null {
  if (!isRecord(error)) return null;
  const { code, details } = error;
  let d: Record<string, unknown> = {};
  if (typeof details === "string") {
    try {
      const parsed: unknown = JSON.parse(details);
      if (isRecord(parsed)) d = parsed;
    } catch {
      /* not JSON: no detail to show */
    }
  }
  switch (code) {
    case "BK001":
      return tAdmin("bookings.conflicts.booked") + nextFree(d);
    case "BK002":
      return tAdmin("bookings.conflicts.unavailable");
    case "BK003":
      return tAdmin("bookings.conflicts.notYet", { until: typeof d.until === "string" ? formatDate(d.until) : "" }) + nextFree(d);
    case "BK004":
      return tAdmin("bookings.conflicts.maintenance") + nextFree(d);
    case "BK007":
      return refusedMove(d);
    case "BK008":
      return tAdmin("bookings.conflicts.noChange");
    default:
      return null;
  }
}
