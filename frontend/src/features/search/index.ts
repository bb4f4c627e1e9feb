// The search's public entry (eslint.layers.js): what other features may use.
// The searched trip and its URL, the database's availability and its refusals, place labels.
export * from "./trip";
export { rentalRulesQuery, useRentalRules, type RentalRules } from "./rentalRulesApi";
export * from "./availabilityApi";
export * from "./conflict";
export * from "./locationLabel";
export { TripSearchForm } from "./TripSearchForm";
export { TripSummary } from "./TripSummary";
export { useTripAvailability, type AvailabilityState } from "./useTripAvailability";
export { availabilityQuery, calendarQuery } from "./queries";
