import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { prefersReducedMotion } from "../../components/AnchorLink";
import { Pagination } from "../../components/Pagination";
import { toast } from "../../components/toast";
import { PageHero, Spinner } from "../../components/ui";
import { PAGE_SIZE, pageCount, pageSlice } from "../../lib/pagination";
import { carSlug } from "../../lib/slug";
import { usePageMeta } from "../../lib/usePageMeta";
import { CarCard } from "./CarCard";
import { FilterPanel } from "./FilterPanel";
import { DEFAULT_FILTERS, filterCars, type FilterState } from "./filters";
import type { Car } from "./types";
import { useFleet } from "./useFleet";

export default function VehiclesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageMeta(t("meta.vehicles.title"), t("meta.vehicles.description"), "/vehicles");
  const { cars, loading } = useFleet();
  const [filters, setFilters] = useState<FilterState>({ ...DEFAULT_FILTERS });
  const [page, setPage] = useState(1);
  const matching = useMemo(() => filterCars(cars, filters), [cars, filters]);
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
  const select = (car: Car) => {
    toast(t("fleet.selected", { name: `${car.brand} ${car.name}` }), "success");
    navigate(`/booking/${carSlug(car)}`);
  };

  return (
    <>
      <PageHero title={t("fleet.title")} subtitle={t("fleet.subtitle")} />
      <section className="section" aria-label={t("fleet.title")}>
        <div className="container">
          <FilterPanel value={filters} onChange={changeFilters} onReset={() => changeFilters({ ...DEFAULT_FILTERS })} showActiveCount />
          {loading ? (
            <Spinner label={t("fleet.loading")} />
          ) : (
            <>
              <p className="results-count" aria-live="polite" data-testid="results-count">
                {t("fleet.count", { count: matching.length })}
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
                    <CarCard key={car.id} car={car} onSelect={select} headingLevel={2} />
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
