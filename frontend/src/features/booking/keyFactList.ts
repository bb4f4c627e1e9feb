import type { TFunction } from "i18next";
import type { QuoteJson } from "../../lib/database";
import type { Formatters } from "../../lib/localeFormat";

/** The quote's figures the key facts read (a live quote or the one stored with a booking). */
export type KeyFactsQuote = Pick<
  QuoteJson,
  | "deposit"
  | "excess"
  | "free_cancellation_until"
  | "free_cancellation_over"
  | "late_cancellation_fee"
  | "mileage_km_per_day"
  | "extra_km_price"
  | "fuel_policy"
  | "min_driver_age"
  | "min_licence_years"
>;

/** One key fact in the visitor's language; `after` is what cancelling later costs, a sentence after the free date's. */
export interface KeyFact {
  key: "deposit" | "excess" | "free-cancellation" | "mileage" | "fuel" | "driver";
  label: string;
  value: string;
  after?: string;
}

/**
 * The deal's key facts, read from the database's quote: the deposit, the excess
 * of the chosen insurance, until when cancelling is free and what it costs
 * afterwards, mileage, fuel and the driver's minimum age and licence years. A
 * figure the quote does not carry (a booking stored before it did) is left out.
 * The pages show them as rows, the WhatsApp text as lines.
 */
export function keyFacts(t: TFunction, fmt: Formatters, quote: KeyFactsQuote, insurance: string | null, deposit = true): KeyFact[] {
  const facts: KeyFact[] = [];
  if (deposit && quote.deposit != null) facts.push({ key: "deposit", label: t("order.deposit"), value: fmt.price(quote.deposit) });
  if (quote.excess != null)
    facts.push({
      key: "excess",
      label: insurance ? t("keyFacts.excessOf", { insurance: t(`booking.insurances.${insurance}.name`) }) : t("keyFacts.excess"),
      value: fmt.price(quote.excess),
    });
  if (!quote.free_cancellation_until && quote.free_cancellation_over && quote.late_cancellation_fee != null) {
    // The window was already over when quoted: no past moment, the cost from now on.
    const fee = quote.late_cancellation_fee;
    facts.push({
      key: "free-cancellation",
      label: t("booking.cancellation"),
      value: fee > 0 ? t("keyFacts.freeCancellationOver", { amount: fmt.price(fee) }) : t("keyFacts.cancellationFree"),
    });
  } else if (quote.free_cancellation_until) {
    const fee = quote.late_cancellation_fee;
    const free = t("booking.freeCancellationUntil", { date: fmt.moment(quote.free_cancellation_until) });
    if (fee == null) facts.push({ key: "free-cancellation", label: t("booking.cancellation"), value: free });
    // The cost afterwards is a sentence of its own: the free date ends the first one.
    else
      facts.push({
        key: "free-cancellation",
        label: t("booking.cancellation"),
        value: `${free}.`,
        after: fee > 0 ? t("keyFacts.lateCancellation", { amount: fmt.price(fee) }) : t("keyFacts.lateCancellationFree"),
      });
  }
  if (quote.mileage_km_per_day !== undefined)
    facts.push({
      key: "mileage",
      label: t("keyFacts.mileage"),
      value:
        quote.mileage_km_per_day == null
          ? t("keyFacts.unlimited")
          : quote.extra_km_price == null
            ? t("keyFacts.kmPerDay", { km: fmt.number(quote.mileage_km_per_day) })
            : t("keyFacts.kmPerDayThen", { km: fmt.number(quote.mileage_km_per_day), price: fmt.price(quote.extra_km_price) }),
    });
  if (quote.fuel_policy) facts.push({ key: "fuel", label: t("keyFacts.fuel"), value: t(`keyFacts.fuelPolicies.${quote.fuel_policy}`) });
  if (quote.min_driver_age != null) {
    const years = quote.min_licence_years ?? 0;
    facts.push({ key: "driver", label: t("keyFacts.driver"), value: t("keyFacts.driverMinimum", { age: fmt.number(quote.min_driver_age), years: fmt.number(years), count: years }) });
  }
  return facts;
}
