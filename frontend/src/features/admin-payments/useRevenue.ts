import { adminKeys, agencyToday, useAdminQuery } from "../admin-kit";
import { loadRevenue } from "./api";
import { revenueFigures, revenueRange } from "./paymentView";

async function readRevenue() {
  const today = agencyToday(new Date());
  return revenueFigures(await loadRevenue(revenueRange(today)), today);
}

/** The money received (adminKeys.revenue: read again after a payment or a refund). */
export function useRevenue(errorMessage: string) {
  return useAdminQuery({ queryKey: adminKeys.revenue, queryFn: readRevenue, errorMessage });
}
