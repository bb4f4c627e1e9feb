import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TripSearchActions, TripSearchFields } from "./TripSearchFields";
import type { Trip, TripErrors } from "./trip";
import { useTripSearch } from "./useTripSearch";

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
  const { form, trip, errors, today, rules, use, change, submit } = useTripSearch(initial, initialErrors, onSearch);

  return (
    <form ref={form} className={`trip-search trip-search-${variant}`} role="search" aria-labelledby={`${id}-title`} noValidate onSubmit={submit} onFocus={use} onPointerDown={use} data-testid="trip-search">
      <h2 id={`${id}-title`} className="trip-search-title">
        {t("search.title")}
      </h2>
      <div className="trip-search-grid">
        <TripSearchFields id={id} trip={trip} errors={errors} today={today} rules={rules} change={change} />
        <TripSearchActions variant={variant} onClear={onClear} />
      </div>
    </form>
  );
}
