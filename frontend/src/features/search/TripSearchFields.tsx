import { useTranslation } from "react-i18next";
import { fieldErrors, labelledFields } from "../../components/fieldErrors";
import { Icon } from "../../components/Icon";
import { locationLabel } from "./locationLabel";
import type { RentalRules } from "./rentalRulesApi";
import { movePickupDate, PICKUP_PLACES, type Trip, type TripErrors, type TripField } from "./trip";

/** The search's place, pickup and return fields, each with its label and error line. */
export function TripSearchFields({
  id,
  trip,
  errors,
  today,
  rules,
  change,
}: {
  id: string;
  trip: Trip;
  errors: TripErrors;
  today: string;
  rules: RentalRules | null;
  change: (next: Trip, field: TripField) => void;
}) {
  const { t } = useTranslation();
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
    <>
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
    </>
  );
}

/** The search's submit (or update) button and, on a searched page, its clear. */
export function TripSearchActions({ variant, onClear }: { variant: "hero" | "bar"; onClear?: () => void }) {
  const { t } = useTranslation();
  return (
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
  );
}
