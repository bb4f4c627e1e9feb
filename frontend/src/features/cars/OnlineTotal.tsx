import { useTranslation } from "react-i18next";
import { appConfig } from "../../lib/appConfig";
import { useFormat } from "../../lib/useFormat";
import type { CarAvailability } from "../search";

/**
 * The same trip paid online in full (car_availability's online_total), under the
 * total paid at the agency: only where online payment is offered and it is less.
 */
export function OnlineTotal({ row, className }: { row: CarAvailability; className?: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (appConfig.payments.mode === "off" || row.online_discount_percent <= 0 || row.online_total >= row.total) return null;
  return (
    <p className={className} data-testid="car-online-total">
      {t("availability.onlineDiscount", {
        rate: `−${fmt.percent(row.online_discount_percent)}`,
        option: t("booking.paymentOptions.full.name"),
        total: fmt.price(row.online_total),
      })}
    </p>
  );
}
