// A booking as the back office reads it: its row, types, rules, names and badges. Other features use only what is exported here.
export { BookingRef, bookingTitle } from "./BookingRef";
export { BookingHold, BookingStatusBadge } from "./StatusBadge";
export { BOOKING_SELECT, deleteBooking, listBookings, searchBookingIds, updateBooking } from "./api";
export { toAdminBooking } from "./bookingRow";
export { DEFAULT_FILTER, bookingDays, bookingLabel, bookingStats, countFailedAttempts, countsAsBooking, csvField, filterBookings, formatAgencyDateTime, holdState, holdsCar, isFailedAttempt, matchesReference, normalizeBookingStatus, toCsv } from "./bookingView";
export type { BookingFilter, CsvColumn, PaymentFilter, StatusFilter } from "./bookingView";
export { extraName, insuranceName, orderedExtras, paymentMethodName, paymentOptionName } from "./options";
export { listBookingMoves, statusChoices } from "./movesApi";
export type { BookingMoves } from "./movesApi";
export { reservationErrorMessage } from "./reservationErrors";
export { BOOKING_STATUSES, PAYMENT_STATES } from "./types";
export type { AdminBooking, BookingQuote, BookingStatus, PaymentState } from "./types";
