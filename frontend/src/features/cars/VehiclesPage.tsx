import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { prefersReducedMotion } from "../../components/AnchorLink";
import { Pagination } from "../../components/Pagination";
import { toast } from "../../components/toast";
import { PageHero, Spinner } from "../../components/ui";
import { todayISO } from "../../lib/format";
import { PAGE_SIZE, pageCount, pageSlice } from "../../lib/pagination";
import { carSlug } from "../../lib/slug";
import { usePageMeta } from "../../lib/usePageMeta";
import { useSearchParamsAfterHydration } from "../../lib/useHydrated";
import { TripSearchForm, TripSummary, defaultTrip, parseTrip, tripQuery, useRentalRules, validateTrip, withoutTrip, withTrip, type Trip, useTripAvailability } from "../search";
import { CarCard } from "./CarCard";
import { FilterPanel } from "./FilterPanel";
import { DEFAULT_FILTERS, type FilterState } from "./filters";
import type { FleetCar } from "./types";
import { useFilteredFleet } from "./useFleet";

export default function VehiclesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageMeta(t("meta.vehicles.title"), t("meta.vehicles.description"), "/vehicles");
  const { loading, filters, setFilters, matching: found } = useFilteredFleet();
  const [page, setPage] = useState(1);

  // The searched dates live in the URL (?pickup=…&return=…&place=…): filters and
  // pages are state on top of them, so they keep the dates.
  const [params, setParams] = useSearchParamsAfterHydration();
  const today = todayISO();
  const urlTrip = parseTrip(params);
  const rules = useRentalRules();
  const tripErrors = urlTrip ? validateTrip(urlTrip, today, rules) : {};
  const trip = urlTrip && Object.keys(tripErrors).length === 0 ? urlTrip : null;
  const availability = useTripAvailability(trip);
  const byCar = availability.status === "ready" ? availability.byCar : null;

  const matching = useMemo(() => {
    if (!byCar) return found;
    // Free cars first, in the fleet's order; taken ones after them.
    return [...found.filter((c) => byCar.get(c.id)?.free !== false), ...found.filter((c) => byCar.get(c.id)?.free === false)];
  }, [found, byCar]);
  const freeCount = byCar ? matching.filter((c) => byCar.get(c.id)?.free).length : 0;
  const pages = pageCount(matching.length, PAGE_SIZE);
  const current = Math.min(page, pages);

  // Any filter change goes back to page 1 (SPEC section 4).
  const changeFilters = (f: FilterState) => {
    setFilters(f);
    setPage(1);
  };
  const changePage = (p: number) => {
    setPage(p);
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  };
  const search = (next: Trip) => {
    const q = withoutTrip(params);
    for (const [k, v] of new URLSearchParams(tripQuery(next))) q.set(k, v);
    setParams(q);
    setPage(1);
  };
  const clear = () => {
    setParams(withoutTrip(params));
    setPage(1);
  };
  const select = (car: FleetCar) => {
    toast(t("fleet.selected", { name: `${car.brand} ${car.name}` }), "success");
    navigate(withTrip(`/booking/${carSlug(car)}`, trip));
  };

  return (
    <>
      <PageHero title={t("fleet.title")} subtitle={t("fleet.subtitle")} />
      <section className="section" aria-label={t("fleet.title")}>
        <div className="container">
          <TripSearchForm
            key={`${params.get("pickup")}|${params.get("return")}|${params.get("place")}`}
            variant="bar"
            initial={urlTrip ?? defaultTrip(today)}
            initialErrors={tripErrors}
            onSearch={search}
            onClear={urlTrip ? clear : undefined}
          />
          {urlTrip && !trip && (
            <p className="alert alert-error" role="alert">
              {t("search.invalid")}
            </p>
          )}
          {trip && <TripSummary trip={trip} status={availability.status} />}
          <FilterPanel value={filters} onChange={changeFilters} onReset={() => changeFilters({ ...DEFAULT_FILTERS })} showActiveCount />
          {loading ? (
            <Spinner label={t("fleet.loading")} />
          ) : (
            <>
              <p className="results-count" aria-live="polite" data-testid="results-count">
                {t("fleet.count", { count: matching.length })}
                {byCar && (
                  <span data-testid="free-count"> · {t("search.freeCount", { count: freeCount })}</span>
                )}
                {pages > 1 && <span className="muted"> · {t("pagination.status", { page: current, pages })}</span>}
              </p>
              {matching.length === 0 ? (
                <div className="empty">
                  <p>{t("fleet.empty")}</p>
                  <button type="button" className="btn btn-outline" onClick={() => changeFilters({ ...DEFAULT_FILTERS })}>
                    {t("filters.reset")}
                  </button>
                </div>
              ) : (
                <div className="car-grid">
                  {pageSlice(matching, current, PAGE_SIZE).map((car) => (
                    <CarCard key={car.id} car={car} onSelect={select} headingLevel={2} trip={trip} availability={byCar?.get(car.id) ?? null} />
                  ))}
                </div>
              )}
              <Pagination page={current} totalPages={pages} onPage={changePage} />
            </>
          )}
        </div>
      </section>
    </>
  );
}
