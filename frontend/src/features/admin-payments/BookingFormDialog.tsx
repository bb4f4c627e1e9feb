import type { ReactNode } from "react";
import { type AdminBooking, bookingTitle } from "../admin-booking-core";
import { FormDialog, type Busy } from "../admin-kit";

/** What the dialogs acting on one booking's payments (counter payment, refund) are given. */
export interface BookingDialogProps {
  booking: AdminBooking | null;
  open: boolean;
  onClose: () => void;
  /** The booking as stored after the change (its payment state may have changed). */
  onDone: (b: AdminBooking) => void;
}

/** What their form is given: the booking (always there while it is open) and the busy state. */
export type BookingFormProps = Omit<BookingDialogProps, "open" | "booking"> & { booking: AdminBooking } & Busy;

/** A form dialog about one booking, titled "Title · reference". */
export function BookingFormDialog({ booking, open, title, onClose, onDone, form }: BookingDialogProps & { title: string; form: (props: BookingFormProps) => ReactNode }) {
  return (
    <FormDialog open={open && booking !== null} title={bookingTitle(title, booking)} onClose={onClose}>
      {(busy) => booking && form({ booking, onClose, onDone, ...busy })}
    </FormDialog>
  );
}
