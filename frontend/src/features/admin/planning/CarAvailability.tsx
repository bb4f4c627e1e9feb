import { formatDate } from "../../../lib/format";
import { useAdminTranslation } from "../i18n";
import type { PlanCar } from "./types";

/** Next to a car's name: marked unavailable, or not bookable before a date. */
export function CarAvailability({ car, today }: { car: PlanCar; today: string }) {
  const { t } = useAdminTranslation();
  if (!car.available) return <span className="adm-badge adm-badge--red adm-plan__avail">{t("planning.unavailable")}</span>;
  if (car.not_available_until && car.not_available_until > today)
    return <span className="adm-badge adm-badge--amber adm-plan__avail">{t("planning.notBefore", { date: formatDate(car.not_available_until) })}</span>;
  return null;
}
