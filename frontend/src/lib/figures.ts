import { TRUST } from "../config/site";
import type { Formatters } from "./localeFormat";

/**
 * The trust figures written in the visitor's language: "5.000+" and "4,9/5" in
 * French, "5,000+" and "4.9/5" in English; each kept left to right inside
 * Arabic text ("150+", not "+150").
 */
export function localFigures(fmt: Formatters) {
  const more = (n: number) => fmt.ltr(`${fmt.number(n)}+`);
  return {
    vehicles: more(TRUST.vehicles),
    customers: more(TRUST.customers),
    satisfaction: fmt.percent(TRUST.satisfaction),
    rating: fmt.ltr(`${fmt.number(TRUST.rating)}/5`),
    reviews: more(TRUST.reviews),
    years: more(TRUST.years),
  };
}
