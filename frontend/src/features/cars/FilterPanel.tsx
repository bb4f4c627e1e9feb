import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
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

/** The panel's drop-downs: the filter they set, their label, their "any" choice, their options and how each reads. */
export const SELECTS: { key: keyof FilterState; label: string; any: string; options: readonly string[]; text: (t: TFunction, x: string) => string }[] = [
  { key: "category", label: "filters.category", any: "filters.allCategories", options: CATEGORY_OPTIONS, text: (t, x) => t(categoryKey(x)) },
  { key: "brand", label: "filters.brand", any: "filters.allBrands", options: BRAND_OPTIONS, text: (_, x) => x },
  { key: "transmission", label: "filters.transmission", any: "filters.allTransmissions", options: TRANSMISSION_OPTIONS, text: (t, x) => t(`transmissions.${x}`) },
  { key: "fuel", label: "filters.fuel", any: "filters.allFuels", options: FUEL_OPTIONS, text: (t, x) => t(`fuels.${x}`) },
  { key: "seats", label: "filters.seats", any: "filters.anySeats", options: SEAT_OPTIONS, text: (t, x) => (x === "7" ? t("filters.sevenPlus") : x) },
];

/** The two price bounds (DH a day). */
export const PRICES: { key: keyof FilterState; label: string; short: string; placeholder: string }[] = [
  { key: "minPrice", label: "filters.minPrice", short: "min", placeholder: "0" },
  { key: "maxPrice", label: "filters.maxPrice", short: "max", placeholder: "2000" },
];

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
        {SELECTS.map((s) => (
          <div key={s.key} className="field">
            <label htmlFor={`${id}-${s.key}`}>{t(s.label)}</label>
            <select id={`${id}-${s.key}`} value={value[s.key]} onChange={set(s.key)} data-testid={`filter-${s.key}`}>
              <option value={DEFAULT_FILTERS[s.key]}>{t(s.any)}</option>
              {s.options.map((x) => (
                <option key={x} value={x}>
                  {s.text(t, x)}
                </option>
              ))}
            </select>
          </div>
        ))}
        {PRICES.map((p) => (
          <div key={p.key} className="field">
            <label htmlFor={`${id}-${p.short}`}>{t(p.label)}</label>
            <input
              id={`${id}-${p.short}`}
              type="number"
              inputMode="numeric"
              min="0"
              step="10"
              value={value[p.key]}
              onChange={set(p.key)}
              placeholder={p.placeholder}
              data-testid={`filter-${p.short}`}
            />
          </div>
        ))}
        <div className="field field-action">
          <button type="button" className="btn btn-outline" onClick={onReset} data-testid="filter-reset">
            {t("filters.reset")}
          </button>
        </div>
      </div>
    </form>
  );
}
