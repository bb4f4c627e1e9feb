import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ltr } from "../../lib/format";
import { useFormat } from "../../lib/useFormat";
import { availabilityQuery, conflictLines, conflictOfAvailability, pickupMoment, returnMoment, type Trip } from "../search";
import { OnlineTotal } from "./OnlineTotal";
import type { FleetCar } from "./types";

/** This car for the searched trip: its total, or why it is not free and from when it is. */
export function TripStatus({ car, trip }: { car: FleetCar; trip: Trip }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data: rows } = useQuery(availabilityQuery(pickupMoment(trip), returnMoment(trip), car.id));
  const row = rows?.find((r) => r.car_id === car.id);
  if (!row) return null;
  const dates = t("common.fromTo", { from: `${fmt.shortDay(trip.pickupDate)} ${ltr(trip.pickupTime)}`, to: `${fmt.shortDay(trip.returnDate)} ${ltr(trip.returnTime)}` });
  const conflict = conflictOfAvailability(row, car.not_available_until);
  return (
    <div className={`alert ${conflict ? "alert-error" : "alert-success"}`} data-testid="trip-status" data-free={String(row.free)}>
      <p>
        <strong>{t("search.yourDates", { dates })}</strong>
      </p>
      {conflict ? (
        conflictLines(conflict, t, fmt).map((line) => <p key={line}>{line}</p>)
      ) : (
        <>
          {/* Paid at the agency, as the result card and a WhatsApp request say; then paid online. */}
          <p>
            {t("availability.totalFor", { count: row.days })} <strong data-testid="trip-total">{fmt.price(row.total)}</strong>
          </p>
          <OnlineTotal row={row} className="small" />
        </>
      )}
    </div>
  );
}
