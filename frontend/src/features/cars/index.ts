// The fleet's public entry (eslint.layers.js): what other features may use.
export * from "./api";
export * from "./types";
export * from "./labels";
export * from "./filters";
export { CarCard } from "./CarCard";
export { FilterPanel } from "./FilterPanel";
export { useFilteredFleet, useFleet } from "./useFleet";
export { carQuery, fleetQuery } from "./queries";
export { rentalTermsQuery, useRentalTerms, type RentalTermsData, type TermsCategory } from "./rentalTermsApi";
export { mileageText, termsVars, useTermsVars, type TermsVars } from "./termsText";
