import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  BRAND_OPTIONS,
  CATEGORY_OPTIONS,
  DEFAULT_FILTERS,
  FUEL_OPTIONS,
  SEAT_OPTIONS,
  TRANSMISSION_OPTIONS,
  activeFilterCount,
  type FilterState,
} from "./filters";
import { categoryKey } from "./labels";

export function FilterPanel({
  value,
  onChange,
  onReset,
  showActiveCount = false,
}: {
  value: FilterState;
  onChange: (next: FilterState) => void;
  onReset: () => void;
  showActiveCount?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (key: keyof FilterState) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  const active = activeFilterCount(value);

  return (
    <form className="filter-panel" role="search" aria-label={t("filters.title")} onSubmit={(e) => e.preventDefault()}>
      <div className="filter-head">
        <h2 className="filter-title">{t("filters.title")}</h2>
        {showActiveCount && (
          <span className="badge badge-info" data-testid="active-filters" aria-live="polite">
            {t("filters.active", { count: active })}
          </span>
        )}
      </div>
      <div className="filter-grid">
        <div className="field">
          <label htmlFor={`${id}-category`}>{t("filters.category")}</label>
          <select id={`${id}-category`} value={value.category} onChange={set("category")} data-testid="filter-category">
            <option value={DEFAULT_FILTERS.category}>{t("filters.allCategories")}</option>
            {CATEGORY_OPTIONS.map((c) => (
              <option key={c} value={c}>
                {t(categoryKey(c))}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-brand`}>{t("filters.brand")}</label>
          <select id={`${id}-brand`} value={value.brand} onChange={set("brand")} data-testid="filter-brand">
            <option value={DEFAULT_FILTERS.brand}>{t("filters.allBrands")}</option>
            {BRAND_OPTIONS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-transmission`}>{t("filters.transmission")}</label>
          <select id={`${id}-transmission`} value={value.transmission} onChange={set("transmission")} data-testid="filter-transmission">
            <option value={DEFAULT_FILTERS.transmission}>{t("filters.allTransmissions")}</option>
            {TRANSMISSION_OPTIONS.map((x) => (
              <option key={x} value={x}>
                {t(`transmissions.${x}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-fuel`}>{t("filters.fuel")}</label>
          <select id={`${id}-fuel`} value={value.fuel} onChange={set("fuel")} data-testid="filter-fuel">
            <option value={DEFAULT_FILTERS.fuel}>{t("filters.allFuels")}</option>
            {FUEL_OPTIONS.map((x) => (
              <option key={x} value={x}>
                {t(`fuels.${x}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-seats`}>{t("filters.seats")}</label>
          <select id={`${id}-seats`} value={value.seats} onChange={set("seats")} data-testid="filter-seats">
            <option value={DEFAULT_FILTERS.seats}>{t("filters.anySeats")}</option>
            {SEAT_OPTIONS.map((x) => (
              <option key={x} value={x}>
                {x === "7" ? t("filters.sevenPlus") : x}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-min`}>{t("filters.minPrice")}</label>
          <input id={`${id}-min`} type="number" inputMode="numeric" min="0" step="10" value={value.minPrice} onChange={set("minPrice")} placeholder="0" data-testid="filter-min" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-max`}>{t("filters.maxPrice")}</label>
          <input id={`${id}-max`} type="number" inputMode="numeric" min="0" step="10" value={value.maxPrice} onChange={set("maxPrice")} placeholder="2000" data-testid="filter-max" />
        </div>
        <div className="field field-action">
          <button type="button" className="btn btn-outline" onClick={onReset} data-testid="filter-reset">
            {t("filters.reset")}
          </button>
        </div>
      </div>
    </form>
  );
}
