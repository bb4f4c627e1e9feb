import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { prefersReducedMotion } from "../../components/AnchorLink";
import { PageHero } from "../../components/ui";
import { Spinner } from "../../components/Spinner";
import { todayISO } from "../../lib/format";
import { usePageMeta } from "../../lib/usePageMeta";
import { useSearchParamsAfterHydration } from "../../lib/useHydrated";
import { TripSearchForm, defaultTrip, parseTrip, tripQuery, useRentalRules, validateTrip, withoutTrip, type Trip, useTripAvailability } from "../search";
import { FilterPanel } from "./FilterPanel";
import { FleetResults, ResultsBar } from "./FleetResults";
import { activeFilterCount, DEFAULT_FILTERS, type FilterState } from "./filters";
import { sortResults, type Sort } from "./sortResults";
import { useFilteredFleet } from "./useFleet";
import { useSearchFold } from "./useSearchFold";

/**
 * The searched dates live in the URL (?pickup=…&return=…&place=…): filters and
 * pages are state on top of them, so they keep the dates. The trip is the URL's
 * when the rules accept it.
 */
function useUrlTrip() {
  const [params, setParams] = useSearchParamsAfterHydration();
  const today = todayISO();
  const urlTrip = parseTrip(params);
  // Read only to check searched dates: a page opened without them is not rendered
  // again, in one piece, when the rules arrive.
  const rules = useRentalRules(urlTrip !== null);
  const tripErrors = urlTrip ? validateTrip(urlTrip, today, rules) : {};
  const trip = urlTrip && Object.keys(tripErrors).length === 0 ? urlTrip : null;
  return {
    params,
    today,
    urlTrip,
    tripErrors,
    trip,
    /** A new search: its trip in the URL, the other parameters kept. */
    search(next: Trip) {
      const q = withoutTrip(params);
      for (const [k, v] of new URLSearchParams(tripQuery(next))) q.set(k, v);
      setParams(q);
    },
    clear: () => setParams(withoutTrip(params)),
  };
}

export default function VehiclesPage() {
  const { t } = useTranslation();
  usePageMeta(t("meta.vehicles.title"), t("meta.vehicles.description"), "/vehicles");
  const { loading, filters, setFilters, matching: found } = useFilteredFleet();
  const [page, setPage] = useState(1);
  const urlState = useUrlTrip();
  const { trip, ...url } = urlState;
  const availability = useTripAvailability(trip);
  const byCar = availability.status === "ready" ? availability.byCar : null;

  const [sort, setSort] = useState<Sort>("recommended");
  // Free cars first; in the fleet's order or by total price.
  const matching = useMemo(() => sortResults(found, sort, byCar), [found, sort, byCar]);
  const fold = useSearchFold(trip !== null);

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
    url.search(next);
    setPage(1);
    fold.searched();
  };
  const clear = () => {
    url.clear();
    setPage(1);
  };
  const changeSort = (s: Sort | null) => {
    if (s) setSort(s);
    setPage(1);
  };

  return (
    <div className={`fleet-page${trip ? " has-trip" : ""}`}>
      <PageHero title={t("fleet.title")} subtitle={t("fleet.subtitle")} />
      <section className="section" aria-label={t("fleet.title")}>
        <div className="container">
          {trip && (
            <ResultsBar trip={trip} status={availability.status} fold={fold} activeFilters={activeFilterCount(filters)} />
          )}
          <TripSearchFold id={fold.searchId} className={`fold${fold.folded("search")}`} url={urlState} onSearch={search} onClear={clear} />
          <div id={fold.filtersId} className={`fold${fold.folded("filters")}`}>
            <FilterPanel value={filters} onChange={changeFilters} onReset={() => changeFilters({ ...DEFAULT_FILTERS })} showActiveCount />
          </div>
          {loading ? (
            <Spinner label={t("fleet.loading")} />
          ) : (
            <FleetResults
              cars={matching}
              byCar={byCar}
              trip={trip}
              page={page}
              sortId={`${fold.foldId}-sort`}
              sort={sort}
              onSort={changeSort}
              onPage={changePage}
              onReset={() => changeFilters({ ...DEFAULT_FILTERS })}
            />
          )}
        </div>
      </section>
    </div>
  );
}

interface TripSearchFoldProps {
  id: string;
  className: string;
  url: ReturnType<typeof useUrlTrip>;
  onSearch: (trip: Trip) => void;
  onClear: () => void;
}

/** The search form (folded on a phone after a search), started from the URL's trip, and what is wrong with that trip. */
function TripSearchFold({ id, className, url, onSearch, onClear }: TripSearchFoldProps) {
  const { t } = useTranslation();
  const { params, urlTrip, trip } = url;
  return (
    <>
      <div id={id} className={className}>
        <TripSearchForm
          key={`${params.get("pickup")}|${params.get("return")}|${params.get("place")}`}
          variant="bar"
          initial={urlTrip ?? defaultTrip(url.today)}
          initialErrors={url.tripErrors}
          onSearch={onSearch}
          onClear={urlTrip ? onClear : undefined}
        />
      </div>
      {urlTrip && !trip && (
        <p className="alert alert-error" role="alert">
          {t("search.invalid")}
        </p>
      )}
    </>
  );
}
