import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Formatters } from "../../lib/localeFormat";
import { useFormat } from "../../lib/useFormat";
import { categoryKey } from "./labels";
import { useRentalTerms, type RentalTermsData, type TermsCategory } from "./rentalTermsApi";

// The figures the terms, the FAQs and the badges quote, written from
// rental_terms() in the visitor's language: the texts in the language files take
// them as {{minAge}}, {{mileage}}… and state none themselves. A rule that differs
// per category is listed per category: "21 ans (Économique, Compact), 23 ans (Berline)".

/** The values the texts interpolate; "…" until the terms are read. */
export interface TermsVars {
  minAge: string;
  licence: string;
  mileage: string;
  fuel: string;
  deposit: string;
  excess: string;
  hours: string;
  lateFee: string;
  longest: string;
  /** Mileage in a sentence: unlimited everywhere, in some categories (named), or nowhere. */
  mileagePerk: string;
  [key: string]: string;
}

const PENDING = "…";

export const PENDING_VARS: TermsVars = {
  minAge: PENDING,
  licence: PENDING,
  mileage: PENDING,
  fuel: PENDING,
  deposit: PENDING,
  excess: PENDING,
  hours: PENDING,
  lateFee: PENDING,
  longest: PENDING,
  mileagePerk: PENDING,
};

/** Values in first-seen order, each with the categories that have it. */
export function byValue<V>(categories: TermsCategory[], pick: (c: TermsCategory) => V): { value: V; categories: string[] }[] {
  const groups = new Map<string, { value: V; categories: string[] }>();
  for (const c of categories) {
    const value = pick(c);
    const key = JSON.stringify(value);
    const group = groups.get(key) ?? { value, categories: [] };
    group.categories.push(c.category);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** One figure per category group: the figure alone when every category has it. */
function listed<V>(t: TFunction, categories: TermsCategory[], pick: (c: TermsCategory) => V, say: (v: V) => string, separator = t("rentalTerms.groupSeparator")): string {
  const groups = byValue(categories, pick);
  if (groups.length === 1 && groups[0]) return say(groups[0].value);
  return groups
    .map((g) => t("rentalTerms.group", { value: say(g.value), categories: g.categories.map((c) => t(categoryKey(c))).join(t("rentalTerms.separator")) }))
    .join(separator);
}

/** The mileage of a category: unlimited, or the allowance and the price of each kilometre past it. */
export function mileageText(t: TFunction, fmt: Formatters, km: number | null, price: number | null): string {
  if (km === null) return t("rentalTerms.unlimited");
  return price === null ? t("keyFacts.kmPerDay", { km: fmt.number(km) }) : t("rentalTerms.limited", { km: fmt.number(km), price: fmt.price(price) });
}

/** The mileage as the key facts show it (a value of its own): "Unlimited", or the allowance and the price per extra km. */
export function keyFactsMileage(t: TFunction, fmt: Formatters, km: number | null, price: number | null): string {
  if (km === null) return t("keyFacts.unlimited");
  return price === null ? t("keyFacts.kmPerDay", { km: fmt.number(km) }) : t("keyFacts.kmPerDayThen", { km: fmt.number(km), price: fmt.price(price) });
}

/** The texts' values for the categories given (all of them, or one car's). */
export function termsVars(t: TFunction, fmt: Formatters, terms: RentalTermsData, categories = terms.categories): TermsVars {
  const excessLevels = [...new Set(categories.flatMap((c) => c.excess.map((x) => x.insurance)))];
  const late = terms.late_cancellation_days;
  const unlimited = categories.filter((c) => c.mileage_km_per_day === null);
  const unlimitedIn = unlimited.map((c) => t(categoryKey(c.category))).join(t("rentalTerms.separator"));
  const mileageScope = unlimited.length === 0 ? "none" : unlimited.length === categories.length ? "all" : "some";
  return {
    minAge: listed(t, categories, (c) => c.min_driver_age, (age) => t("rentalTerms.age", { age: fmt.number(age) }), t("rentalTerms.separator")),
    licence: listed(t, categories, (c) => c.min_licence_years, (n) => t("rentalTerms.years", { count: n, n: fmt.number(n) }), t("rentalTerms.separator")),
    mileage: listed(t, categories, (c) => [c.mileage_km_per_day, c.extra_km_price] as const, ([km, price]) => mileageText(t, fmt, km, price)),
    fuel: listed(t, categories, (c) => c.fuel_policy, (p) => t(`rentalTerms.fuel.${p}`)),
    deposit: listed(t, categories, (c) => c.deposit, (d) => (d === null ? PENDING : fmt.price(d)), t("rentalTerms.separator")),
    excess: excessLevels
      .map((level) =>
        t("rentalTerms.level", {
          insurance: t(`booking.insurances.${level}.name`),
          amounts: listed(
            t,
            categories,
            (c) => c.excess.find((x) => x.insurance === level)?.amount ?? null,
            (a) => (a === null ? PENDING : fmt.price(a)),
            t("rentalTerms.separator"),
          ),
        }),
      )
      .join(t("rentalTerms.groupSeparator")),
    hours: t("rentalTerms.hours", { count: terms.free_cancellation_hours, n: fmt.number(terms.free_cancellation_hours) }),
    lateFee: late === 0 ? t("rentalTerms.lateFree") : t("rentalTerms.lateFee", { count: late, n: fmt.number(late) }),
    longest: t("rentalTerms.days", { count: terms.longest_rental_days, n: fmt.number(terms.longest_rental_days) }),
    mileagePerk: t(`rentalTerms.mileagePerk.${mileageScope}`, { unlimitedIn }),
  };
}

/**
 * The terms' values in the visitor's language, for every category or, given one,
 * for that category alone (a car's page).
 */
export function useTermsVars(category?: string | null): TermsVars {
  const { t } = useTranslation();
  const fmt = useFormat();
  const terms = useRentalTerms();
  if (!terms) return PENDING_VARS;
  const only = category ? terms.categories.filter((c) => c.category === category) : terms.categories;
  return termsVars(t, fmt, terms, only.length > 0 ? only : terms.categories);
}
