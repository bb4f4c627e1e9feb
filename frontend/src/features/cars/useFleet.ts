import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/toast";
import { loadFleet } from "./api";
import { pageData } from "../../lib/pageData";
import type { FleetCar } from "./types";

/** Loads the fleet once per mount and says so when local data replaced the server's. */
export function useFleet(): { cars: FleetCar[]; loading: boolean } {
  const { t } = useTranslation();
  const [state, setState] = useState<{ cars: FleetCar[]; loading: boolean }>(() => {
    const cars = pageData<FleetCar[]>("fleet");
    return cars ? { cars, loading: false } : { cars: [], loading: true };
  });
  useEffect(() => {
    if (!state.loading) return; // the server rendered the page with the fleet
    let live = true;
    loadFleet().then((r) => {
      if (!live) return;
      if (r.source === "fallback-error") toast(t("fleet.fallbackError"), "info");
      if (r.source === "fallback-exception") toast(t("fleet.fallbackException"), "error");
      setState({ cars: r.cars, loading: false });
    });
    return () => {
      live = false;
    };
    // Load once; a language change must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}
