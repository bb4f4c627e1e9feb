import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Icon } from "../../components/Icon";
import { toast } from "../../components/toast";
import { carSlug } from "../../lib/slug";
import { Pagination } from "../../components/Pagination";
import { PAGE_SIZE, pageCount, pageSlice } from "../../lib/pagination";
import { TripSummary, withTrip, type AvailabilityState, type Trip } from "../search";
import { CarCard } from "./CarCard";
import type { FleetCar } from "./types";
import { isSort, SORTS, type Sort } from "./sortResults";
import type { useSearchFold } from "./useSearchFold";

interface ResultsBarProps {
  trip: Trip;
  status: AvailabilityState["status"];
  fold: ReturnType<typeof useSearchFold>;
  activeFilters: number;
}

/** The searched trip above the results, with the phone's buttons that unfold the search and the filters. */
export function ResultsBar({ trip, status, fold, activeFilters }: ResultsBarProps) {
  const { t } = useTranslation();
  const { open, searchId, filtersId, modifyButton, toggle: onToggle } = fold;
  return (
    <div className="results-bar" data-testid="results-bar">
      <TripSummary trip={trip} status={status} />
      <div className="results-bar-actions">
        <button
          ref={modifyButton}
          type="button"
          className="btn btn-outline fold-toggle"
          aria-expanded={open === "search"}
          aria-controls={searchId}
          aria-label={t("fleet.modifyLabel")}
          onClick={() => onToggle("search")}
          data-testid="fold-search"
        >
          <Icon name="calendar" size={18} /> {t("fleet.modify")}
        </button>
        <button type="button" className="btn btn-outline fold-toggle" aria-expanded={open === "filters"} aria-controls={filtersId} onClick={() => onToggle("filters")} data-testid="fold-filters">
          {t("fleet.filter")}
          {activeFilters > 0 && <span className="badge badge-info">{activeFilters}</span>}
        </button>
      </div>
    </div>
  );
}

type ByCar = Extract<AvailabilityState, { status: "ready" }>["byCar"];

interface FleetResultsProps {
  cars: FleetCar[];
  /** Each car's availability for the searched dates; null without a search answered. */
  byCar: ByCar | null;
  trip: Trip | null;
  page: number;
  sortId: string;
  sort: Sort;
  onSort: (sort: Sort | null) => void;
  onPage: (page: number) => void;
  onReset: () => void;
}

/** The matching cars, one page of them, with their count, order and the pages. */
export function FleetResults({ cars, byCar, trip, page, sortId, sort, onSort, onPage, onReset }: FleetResultsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const select = (car: FleetCar) => {
    toast(t("fleet.selected", { name: `${car.brand} ${car.name}` }), "success");
    navigate(withTrip(`/booking/${carSlug(car)}`, trip));
  };
  const freeCount = byCar ? cars.filter((c) => byCar.get(c.id)?.free).length : null;
  const pages = pageCount(cars.length, PAGE_SIZE);
  const current = Math.min(page, pages);
  return (
    <>
      <ResultsHead count={cars.length} freeCount={freeCount} page={current} pages={pages} sortId={sortId} sort={sort} onSort={onSort} />
      {cars.length === 0 ? (
        <div className="empty">
          <p>{t("fleet.empty")}</p>
          <button type="button" className="btn btn-outline" onClick={onReset}>
            {t("filters.reset")}
          </button>
        </div>
      ) : (
        <div className="car-grid">
          {pageSlice(cars, current, PAGE_SIZE).map((car) => (
            <CarCard key={car.id} car={car} onSelect={select} headingLevel={2} trip={trip} availability={byCar?.get(car.id) ?? null} />
          ))}
        </div>
      )}
      <Pagination page={current} totalPages={pages} onPage={onPage} />
    </>
  );
}

interface ResultsHeadProps {
  count: number;
  /** Cars free for the searched dates; null without a search answered. */
  freeCount: number | null;
  page: number;
  pages: number;
  sortId: string;
  sort: Sort;
  onSort: (sort: Sort | null) => void;
}

/** How many cars match (and are free), the page, and the order chosen. */
function ResultsHead({ count, freeCount, page, pages, sortId, sort, onSort }: ResultsHeadProps) {
  const { t } = useTranslation();
  return (
    <div className="results-head">
      <p className="results-count" aria-live="polite" data-testid="results-count">
        {t("fleet.count", { count })}
        {freeCount !== null && <span data-testid="free-count"> · {t("search.freeCount", { count: freeCount })}</span>}
        {pages > 1 && <span className="muted"> · {t("pagination.status", { page, pages })}</span>}
      </p>
      <div className="results-sort">
        <label htmlFor={sortId}>{t("fleet.sort")}</label>
        <select id={sortId} value={sort} onChange={(e) => onSort(isSort(e.target.value) ? e.target.value : null)} data-testid="results-sort">
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`fleet.sortOptions.${s}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
