import { useTranslation } from "react-i18next";
import { ltr } from "../../lib/format";
import { useFormat } from "../../lib/useFormat";
import { locationLabel } from "./locationLabel";
import type { Trip } from "./trip";
import type { AvailabilityState } from "./useTripAvailability";

/** "Your dates: Thu 10 Dec 10:00 → Mon 14 Dec 10:00 · Mohammed V Airport", and whether the fleet is being checked. */
export function TripSummary({ trip, status }: { trip: Trip; status: AvailabilityState["status"] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const when = (date: string, time: string) => `${fmt.shortDay(date)} ${ltr(time)}`;
  return (
    <div className="trip-summary" aria-live="polite" data-testid="trip-summary">
      <p>
        <strong>
          {t("search.yourDates", { dates: t("common.fromTo", { from: when(trip.pickupDate, trip.pickupTime), to: when(trip.returnDate, trip.returnTime) }) })}
        </strong>{" "}
        · {locationLabel(t, trip.place)}
      </p>
      {status === "loading" && <p className="muted small">{t("search.checking")}</p>}
      {status === "failed" && (
        <p className="muted small" data-testid="availability-failed">
          {t("search.failed")}
        </p>
      )}
    </div>
  );
}
