import { useCallback } from "react";
import { useLoad, type Loaded } from "../lib/useLoad";
import { agencyToday } from "../planning/planningView";
import { loadRevenue } from "./api";
import { revenueFigures, revenueRange, type RevenueFigures } from "./paymentView";

/** Loads the money received; reload() after recording or refunding a payment. */
export function useRevenue(onError: (e: unknown) => void): Loaded<RevenueFigures> {
  const load = useCallback(async () => {
    const today = agencyToday(new Date());
    return revenueFigures(await loadRevenue(revenueRange(today)), today);
  }, []);
  return useLoad(load, onError);
}
