import { useTranslation } from "react-i18next";
import type { QuoteJson } from "../../lib/database";
import { useFormat } from "../../lib/useFormat";
import { Row } from "./Row";

/** The quote's figures the key facts read (a live quote or the one stored with a booking). */
export type KeyFactsQuote = Pick<
  QuoteJson,
  | "deposit"
  | "excess"
  | "free_cancellation_until"
  | "late_cancellation_fee"
  | "mileage_km_per_day"
  | "fuel_policy"
  | "min_driver_age"
  | "min_licence_years"
>;

/**
 * The deal's key facts as <dl> rows, read from the database's quote: the deposit,
 * the excess of the chosen insurance, until when cancelling is free and what it
 * costs afterwards, mileage, fuel and the driver's minimum age and licence years.
 * Step 4, the "sent" and success pages show the same rows (`prefix` names their
 * test ids: summary-…, order-…). A figure the quote does not carry (a booking
 * stored before it did) is left out.
 */
export function KeyFactsRows({
  quote,
  insurance,
  prefix,
  deposit = true,
}: {
  quote: KeyFactsQuote;
  insurance: string | null;
  prefix: string;
  /** false where the price lines already state the deposit. */
  deposit?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <>
      {deposit && quote.deposit != null && (
        <Row label={t("order.deposit")} testId={`${prefix}-deposit`}>
          {fmt.price(quote.deposit)}
        </Row>
      )}
      {quote.excess != null && (
        <Row label={insurance ? t("keyFacts.excessOf", { insurance: t(`booking.insurances.${insurance}.name`) }) : t("keyFacts.excess")} testId={`${prefix}-excess`}>
          {fmt.price(quote.excess)}
        </Row>
      )}
      {quote.free_cancellation_until && (
        <Row label={t("booking.cancellation")} testId={`${prefix}-free-cancellation`}>
          {t("booking.freeCancellationUntil", { date: fmt.moment(quote.free_cancellation_until) })}
          {quote.late_cancellation_fee != null && (
            <>
              {" "}
              <span data-testid={`${prefix}-late-cancellation`}>
                {quote.late_cancellation_fee > 0 ? t("keyFacts.lateCancellation", { amount: fmt.price(quote.late_cancellation_fee) }) : t("keyFacts.lateCancellationFree")}
              </span>
            </>
          )}
        </Row>
      )}
      {quote.mileage_km_per_day !== undefined && (
        <Row label={t("keyFacts.mileage")} testId={`${prefix}-mileage`}>
          {quote.mileage_km_per_day == null ? t("keyFacts.unlimited") : t("keyFacts.kmPerDay", { km: fmt.number(quote.mileage_km_per_day) })}
        </Row>
      )}
      {quote.fuel_policy && (
        <Row label={t("keyFacts.fuel")} testId={`${prefix}-fuel`}>
          {t(`keyFacts.fuelPolicies.${quote.fuel_policy}`)}
        </Row>
      )}
      {quote.min_driver_age != null && (
        <Row label={t("keyFacts.driver")} testId={`${prefix}-driver`}>
          {t("keyFacts.driverMinimum", { age: fmt.number(quote.min_driver_age), years: fmt.number(quote.min_licence_years ?? 0), count: quote.min_licence_years ?? 0 })}
        </Row>
      )}
    </>
  );
}
