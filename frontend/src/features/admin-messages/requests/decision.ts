import { isRecord } from "../../../lib/guards";
import { formatPrice } from "../../../lib/format";
import { ApiError, tAdmin } from "../../admin-kit";
import type { ChangeRequest } from "./api";

// What the agency's answer to a change request does, told before it is given, and
// why the database refused it when it did. The rules themselves are the
// database's (public.booking_transitions, decide_change_request); this only words
// them.

/**
 * The confirmation to ask before accepting, or null when accepting moves no money
 * (the new total is the booking's): the totals, and for a booking paid online what
 * would be given back or left to pay at pickup.
 */
export function acceptConfirmation(r: ChangeRequest): string | null {
  const current = r.booking?.total_price;
  if (r.total == null || current == null || r.total === current) return null;
  const lines = [tAdmin("requests.confirm.totals", { from: formatPrice(current), to: formatPrice(r.total) })];
  if (r.afterPayment) {
    lines.push(
      r.afterPayment.refundDue > 0
        ? tAdmin("requests.confirm.refund", { amount: formatPrice(r.afterPayment.refundDue) })
        : tAdmin("requests.confirm.due", { amount: formatPrice(r.afterPayment.dueAtPickup) }),
    );
  }
  lines.push(tAdmin("requests.confirm.told"));
  return lines.join(" ");
}

function detailsOf(e: ApiError): Record<string, unknown> {
  try {
    const d: unknown = JSON.parse(e.details ?? "");
    return isRecord(d) ? d : {};
  } catch {
    return {};
  }
}

const CLOSED_STATUSES = new Set(["cancelled", "expired", "in_progress", "completed"]);

/**
 * The words for a refused answer, or null for an error the screen reports as
 * unexpected: the booking can no longer change (BK008, why from its status or
 * payment), the request was answered or closed meanwhile (MB005), the car was
 * taken (BK001..BK004).
 */
export function decisionErrorMessage(e: unknown): string | null {
  if (!(e instanceof ApiError) || !e.code) return null;
  if (e.code === "BK008") {
    const d = detailsOf(e);
    const status = typeof d.status === "string" ? d.status : "";
    const why = CLOSED_STATUSES.has(status) ? status : d.payment_status === "refunded" ? "refunded" : "other";
    return tAdmin(`requests.bookingClosed.${why}`);
  }
  if (e.code === "MB005") return tAdmin(detailsOf(e).state === "closed" ? "requests.alreadyClosed" : "requests.alreadyDecided");
  if (/^BK00[1-4]$/.test(e.code)) return tAdmin("requests.taken");
  return null;
}
