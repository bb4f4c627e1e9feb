export { default as BookingsPage } from "./BookingsPage";
export { BookingDetailsDialog } from "./BookingDetailsDialog";
export { BookingEditDialog } from "./BookingEditDialog";
export { useBookingSave } from "./useBookingSave";
