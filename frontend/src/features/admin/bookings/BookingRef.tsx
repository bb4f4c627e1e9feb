import { bookingLabel } from "./bookingView";

/** A booking's reference (or short id) kept on one line: "CR-" cut from its code would read as two codes. */
export function BookingRef({ booking }: { booking: { id: string; reference?: string | null } }) {
  return <span className="adm-nowrap">{bookingLabel(booking)}</span>;
}
