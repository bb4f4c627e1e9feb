/* eslint-disable max-lines-per-function -- over the house limit since before the rule: the search's places, dates and times in one form; to split into its fields. */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors, labelledFields } from "../../components/fieldErrors";
import { Icon } from "../../components/Icon";
import { todayISO } from "../../lib/format";
import { locationLabel } from "./locationLabel";
import { rentalRulesQuery, useRentalRules } from "./rentalRulesApi";
import { movePickupDate, PICKUP_PLACES, validateTrip, type Trip, type TripErrors, type TripField } from "./trip";

const ORDER: TripField[] = ["place", "pickupDate", "pickupTime", "returnDate", "returnTime"];

/**
 * The search every rental site opens with: place, pickup and return. Errors
 * are shown under their field (noValidate: never the browser's bubbles) and the
 * first wrong field gets the focus.
 */
export function TripSearchForm({
  initial,
  initialErrors = {},
  onSearch,
  onClear,
  variant,
}: {
  initial: Trip;
  initialErrors?: TripErrors;
  onSearch: (trip: Trip) => void;
  onClear?: () => void;
  variant: "hero" | "bar";
}) {
  const { t } = useTranslation();
  const id = useId();
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

  const fieldId = (f: TripField) => `${id}-${f}`;
  const field = labelledFields(
    fieldId,
    fieldErrors<TripField>(
      errors,
      (code) => t(`search.errors.${code}`, { count: rules?.longestRentalDays }),
      (f) => `${fieldId(f)}-error`,
      (f) => `search-error-${f}`,
    ),
  );

  return (
    <form ref={form} className={`trip-search trip-search-${variant}`} role="search" aria-labelledby={`${id}-title`} noValidate onSubmit={submit} onFocus={use} onPointerDown={use} data-testid="trip-search">
      <h2 id={`${id}-title`} className="trip-search-title">
        {t("search.title")}
      </h2>
      <div className="trip-search-grid">
        {field(
          "place",
          t("search.place"),
          <select value={trip.place} onChange={(e) => change({ ...trip, place: e.target.value }, "place")}>
            {PICKUP_PLACES.map((p) => (
              <option key={p} value={p}>
                {locationLabel(t, p)}
              </option>
            ))}
          </select>,
          "field trip-place",
        )}
        {field("pickupDate", t("search.pickupDate"), <input type="date" min={today} value={trip.pickupDate} onChange={(e) => change(movePickupDate(trip, e.target.value), "pickupDate")} />)}
        {field("pickupTime", t("search.pickupTime"), <input type="time" step={900} value={trip.pickupTime} onChange={(e) => change({ ...trip, pickupTime: e.target.value }, "pickupTime")} />)}
        {field("returnDate", t("search.returnDate"), <input type="date" min={trip.pickupDate || today} value={trip.returnDate} onChange={(e) => change({ ...trip, returnDate: e.target.value }, "returnDate")} />)}
        {field("returnTime", t("search.returnTime"), <input type="time" step={900} value={trip.returnTime} onChange={(e) => change({ ...trip, returnTime: e.target.value }, "returnTime")} />)}
        <div className="trip-search-actions">
          <button type="submit" className={`btn ${variant === "hero" ? "btn-accent" : "btn-primary"}`} data-testid="search-submit">
            <Icon name="calendar" size={18} />
            {onClear ? t("search.update") : t("search.submit")}
          </button>
          {onClear && (
            <button type="button" className="btn btn-outline" onClick={onClear} data-testid="search-clear">
              {t("search.clear")}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
