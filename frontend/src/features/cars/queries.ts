import { queryOptions } from "@tanstack/react-query";
import { toast } from "../../components/toast";
import i18n from "../../lib/i18n";
import { pageData, pageDataUpdatedAt } from "../../lib/pageData";
import { loadCar, loadCarImages, loadFleet, loadSuggestions, type CarResult, type FleetResult } from "./api";
import { rememberFleet } from "./lastFleet";
import type { CarImage, FleetCar } from "./types";

// The fleet's reads as TanStack Query options (lib/query.ts): one key each, and
// the server's data for this page (lib/pageData.ts) as the starting value.

export const fleetQuery = queryOptions({
  queryKey: ["cars", "fleet"],
  queryFn: async (): Promise<FleetResult> => {
    const r = await loadFleet();
    // Said once per read, not once per page showing the list.
    if (r.source === "fallback-error") toast(i18n.t("fleet.fallbackError"), "info");
    if (r.source === "fallback-exception") toast(i18n.t("fleet.fallbackException"), "error");
    return r;
  },
  initialData: (): FleetResult | undefined => {
    const cars = pageData<FleetCar[]>("fleet");
    if (cars) rememberFleet(cars);
    return cars ? { cars, source: "server" } : undefined;
  },
  initialDataUpdatedAt: pageDataUpdatedAt,
});

export const carQuery = (slug: string | undefined) =>
  queryOptions({
    queryKey: ["cars", "car", slug ?? null],
    queryFn: () => loadCar(slug),
    initialData: (): CarResult | undefined => {
      const car = pageData<FleetCar | null>("car");
      if (car === undefined) return undefined;
      return car ? { car, error: null, fromFallback: false } : { car: null, error: "notFound", fromFallback: false };
    },
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

/** A car's gallery; null (no car yet, or a sample one the server does not have) asks nothing. */
export const carImagesQuery = (carId: number | null) =>
  queryOptions({
    queryKey: ["cars", "images", carId],
    queryFn: () => (carId === null ? [] : loadCarImages(carId)),
    enabled: carId !== null,
    initialData: () => (carId === null ? undefined : pageData<CarImage[]>("carImages")),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

/** Other cars to suggest beside one (null asks nothing, as above). */
export const suggestionsQuery = (car: FleetCar | null) =>
  queryOptions({
    queryKey: ["cars", "suggestions", car?.id ?? null],
    queryFn: () => (car === null ? [] : loadSuggestions(car)),
    enabled: car !== null,
    initialData: () => (car === null ? undefined : pageData<FleetCar[]>("suggestions")),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });
