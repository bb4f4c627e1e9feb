import type { ReactNode } from "react";
import { bookingLabel } from "./bookingView";

type Ref = { id: string; reference?: string | null };

/** A booking's reference (or short id) kept on one line: "CR-" cut from its code would read as two codes. */
export function BookingRef({ booking }: { booking: Ref }) {
  return <span className="adm-nowrap">{bookingLabel(booking)}</span>;
}

/** A dialog's title followed by the booking it is about (the title alone while there is none). */
export function bookingTitle(title: string, booking: Ref | null, separator = " · "): ReactNode {
  if (!booking) return title;
  return (
    <>
      {title}
      {separator}
      <BookingRef booking={booking} />
    </>
  );
}
