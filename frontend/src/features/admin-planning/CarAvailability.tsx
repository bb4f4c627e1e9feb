import { formatDate } from "../../lib/format";
import { useAdminTranslation } from "../admin-kit";
import type { PlanCar } from "./types";

/** Next to a car's name: marked unavailable, or not bookable before a date. */
export function CarAvailability({ car, today }: { car: PlanCar; today: string }) {
  const { t } = useAdminTranslation();
  if (!car.available) return <span className="adm-badge adm-badge--red adm-plan__avail">{t("planning.unavailable")}</span>;
  if (car.not_available_until && car.not_available_until > today)
    return <span className="adm-badge adm-badge--amber adm-plan__avail">{t("planning.notBefore", { date: formatDate(car.not_available_until) })}</span>;
  return null;
}

/** A car's row head: its name (the heading the row is labelled by), brand and category, availability. */
export function CarHeading({ car, today, nameId, className, detailClass }: { car: PlanCar; today: string; nameId: string; className: string; detailClass: string }) {
  return (
    <div className={className}>
      <h2 id={nameId} className="adm-plan__car-name">
        {car.name}
      </h2>
      <span className={detailClass}>
        {car.brand} · {car.category}
      </span>
      <CarAvailability car={car} today={today} />
    </div>
  );
}
