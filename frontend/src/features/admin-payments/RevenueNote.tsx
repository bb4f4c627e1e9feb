import { formatPrice } from "../../lib/format";
import { useAdminTranslation } from "../admin-kit";

/** Under an « Encaissé » figure: what it counts, and this month's part. */
export function RevenueNote({ thisMonth }: { thisMonth: number }) {
  const { t } = useAdminTranslation();
  return (
    <>
      <span className="adm-block" data-testid="revenue-counts">
        {t("bookings.revenueCounts")}
      </span>
      <span className="adm-block">{t("bookings.revenueThisMonth", { amount: formatPrice(thisMonth) })}</span>
    </>
  );
}
