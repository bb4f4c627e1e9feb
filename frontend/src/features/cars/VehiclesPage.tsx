import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { prefersReducedMotion } from "../../components/AnchorLink";
import { Pagination } from "../../components/Pagination";
import { toast } from "../../components/toast";
import { Icon } from "../../components/Icon";
import { PageHero } from "../../components/ui";
import { Spinner } from "../../components/Spinner";
import { todayISO } from "../../lib/format";
import { PAGE_SIZE, pageCount, pageSlice } from "../../lib/pagination";
import { carSlug } from "../../lib/slug";
import { usePageMeta } from "../../lib/usePageMeta";
import { useSearchParamsAfterHydration } from "../../lib/useHydrated";
import { TripSearchForm, TripSummary, defaultTrip, parseTrip, tripQuery, useRentalRules, validateTrip, withoutTrip, withTrip, type Trip, useTripAvailability } from "../search";
import { CarCard } from "./CarCard";
import { FilterPanel } from "./FilterPanel";
import { activeFilterCount, DEFAULT_FILTERS, type FilterState } from "./filters";
import { isSort, sortResults, SORTS, type Sort } from "./sortResults";
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
  // Read only to check searched dates: a page opened without them is not rendered
  // again, in one piece, when the rules arrive.
  const rules = useRentalRules(urlTrip !== null);
  const tripErrors = urlTrip ? validateTrip(urlTrip, today, rules) : {};
  const trip = urlTrip && Object.keys(tripErrors).length === 0 ? urlTrip : null;
  const availability = useTripAvailability(trip);
  const byCar = availability.status === "ready" ? availability.byCar : null;

  const [sort, setSort] = useState<Sort>("recommended");
  // Free cars first; in the fleet's order or by total price.
  const matching = useMemo(() => sortResults(found, sort, byCar), [found, sort, byCar]);

  // After a search, a phone shows the results first: the search and the filters
  // fold behind "Modify" and "Filter" (the fold is CSS, ≤ 480 px; wider screens
  // show both and hide the buttons). Opening one moves the focus into it.
  const [open, setOpen] = useState<"search" | "filters" | null>(null);
  const foldId = useId();
  const searchId = `${foldId}-search`;
  const filtersId = `${foldId}-filters`;
  const modifyButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current || !open) return;
    document.getElementById(open === "search" ? searchId : filtersId)?.querySelector<HTMLElement>("select, input")?.focus();
  }, [open, searchId, filtersId]);
  const toggle = (which: "search" | "filters") => {
    opened.current = true;
    setOpen((o) => (o === which ? null : which));
  };
  const folded = (which: "search" | "filters") => (trip && open !== which ? " is-folded" : "");
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
    // The form folds away on a phone: the focus goes back to its button.
    if (open === "search") {
      setOpen(null);
      modifyButton.current?.focus();
    }
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
    <div className={`fleet-page${trip ? " has-trip" : ""}`}>
      <PageHero title={t("fleet.title")} subtitle={t("fleet.subtitle")} />
      <section className="section" aria-label={t("fleet.title")}>
        <div className="container">
          {trip && (
            <div className="results-bar" data-testid="results-bar">
              <TripSummary trip={trip} status={availability.status} />
              <div className="results-bar-actions">
                <button
                  ref={modifyButton}
                  type="button"
                  className="btn btn-outline fold-toggle"
                  aria-expanded={open === "search"}
                  aria-controls={searchId}
                  aria-label={t("fleet.modifyLabel")}
                  onClick={() => toggle("search")}
                  data-testid="fold-search"
                >
                  <Icon name="calendar" size={18} /> {t("fleet.modify")}
                </button>
                <button type="button" className="btn btn-outline fold-toggle" aria-expanded={open === "filters"} aria-controls={filtersId} onClick={() => toggle("filters")} data-testid="fold-filters">
                  {t("fleet.filter")}
                  {activeFilterCount(filters) > 0 && <span className="badge badge-info">{activeFilterCount(filters)}</span>}
                </button>
              </div>
            </div>
          )}
          <div id={searchId} className={`fold${folded("search")}`}>
            <TripSearchForm
              key={`${params.get("pickup")}|${params.get("return")}|${params.get("place")}`}
              variant="bar"
              initial={urlTrip ?? defaultTrip(today)}
              initialErrors={tripErrors}
              onSearch={search}
              onClear={urlTrip ? clear : undefined}
            />
          </div>
          {urlTrip && !trip && (
            <p className="alert alert-error" role="alert">
              {t("search.invalid")}
            </p>
          )}
          <div id={filtersId} className={`fold${folded("filters")}`}>
            <FilterPanel value={filters} onChange={changeFilters} onReset={() => changeFilters({ ...DEFAULT_FILTERS })} showActiveCount />
          </div>
          {loading ? (
            <Spinner label={t("fleet.loading")} />
          ) : (
            <>
              <div className="results-head">
                <p className="results-count" aria-live="polite" data-testid="results-count">
                  {t("fleet.count", { count: matching.length })}
                  {byCar && <span data-testid="free-count"> · {t("search.freeCount", { count: freeCount })}</span>}
                  {pages > 1 && <span className="muted"> · {t("pagination.status", { page: current, pages })}</span>}
                </p>
                <div className="results-sort">
                  <label htmlFor={`${foldId}-sort`}>{t("fleet.sort")}</label>
                  <select
                    id={`${foldId}-sort`}
                    value={sort}
                    onChange={(e) => {
                      if (isSort(e.target.value)) setSort(e.target.value);
                      setPage(1);
                    }}
                    data-testid="results-sort"
                  >
                    {SORTS.map((s) => (
                      <option key={s} value={s}>
                        {t(`fleet.sortOptions.${s}`)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
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
    </div>
  );
}
