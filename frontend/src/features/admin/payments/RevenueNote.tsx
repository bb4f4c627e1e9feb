import { formatPrice } from "../../../lib/format";
import { fr } from "../i18n/fr";

/** Under an « Encaissé » figure: what it counts, and this month's part. */
export function RevenueNote({ thisMonth }: { thisMonth: number }) {
  return (
    <>
      <span className="adm-block" data-testid="revenue-counts">
        {fr.bookings.revenueCounts}
      </span>
      <span className="adm-block">{fr.bookings.revenueThisMonth(formatPrice(thisMonth))}</span>
    </>
  );
}
