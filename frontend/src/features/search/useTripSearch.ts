import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { todayISO } from "../../lib/format";
import { rentalRulesQuery, useRentalRules } from "./rentalRulesApi";
import { validateTrip, type Trip, type TripErrors, type TripField } from "./trip";

const ORDER: TripField[] = ["place", "pickupDate", "pickupTime", "returnDate", "returnTime"];

/**
 * The trip search's state: the trip, its errors, the rental rules once the form
 * is in use, and the submit that checks them and focuses the first wrong field.
 */
export function useTripSearch(initial: Trip, initialErrors: TripErrors, onSearch: (trip: Trip) => void) {
  const form = useRef<HTMLFormElement>(null);
  const [trip, setTrip] = useState<Trip>(initial);
  const [errors, setErrors] = useState<TripErrors>(initialErrors);
  const today = todayISO();
  // The rules matter on submit only: read them once the visitor starts using the
  // form, not on every page view (the home page's first view would load the API
  // client for them: 15 KB of its 150 KB budget).
  const queryClient = useQueryClient();
  const [inUse, setInUse] = useState(false);
  const use = () => setInUse(true);
  const rules = useRentalRules(inUse);

  const change = (next: Trip, field: TripField) => {
    setTrip(next);
    // A corrected field loses its error; a pickup change may fix the return too.
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === "pickupDate" || field === "pickupTime" ? { returnDate: undefined, returnTime: undefined } : {}) }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // A submit without a focus first (a browser that does not focus a clicked button) waits for them.
    const found = validateTrip(trip, today, rules ?? (await queryClient.ensureQueryData(rentalRulesQuery)));
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSearch(trip);
  }

  return { form, trip, errors, today, rules, use, change, submit };
}
