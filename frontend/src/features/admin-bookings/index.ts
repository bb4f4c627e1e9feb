// The bookings screen, and the booking dialogs the planning opens too. Other features use only what is exported here.
export { default as BookingsPage } from "./BookingsPage";
export { BookingDetailsDialog } from "./BookingDetailsDialog";
export { BookingEditDialog } from "./BookingEditDialog";
export { useBookingSave } from "./useBookingSave";
