import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../lib/useFormat";
import { categoryKeyFactsQuery } from "./keyFactsApi";
import { keyFactsMileage } from "./termsText";

/**
 * The car page's key facts (its category's, from the database): deposit, the
 * excess of each insurance level, mileage, fuel and the driver's minimum age and
 * licence years. Nothing is shown until they are read.
 */
export function CarKeyFacts({ category }: { category: string | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data: facts } = useQuery(categoryKeyFactsQuery(category));
  if (!facts) return null;
  return (
    <section className="car-key-facts" aria-labelledby="key-facts-title" data-testid="car-key-facts">
      <h3 id="key-facts-title">{t("keyFacts.carTitle")}</h3>
      <dl className="summary-list">
        {facts.deposit != null && (
          <div>
            <dt>{t("order.deposit")}</dt>
            <dd data-testid="car-deposit">
              {fmt.price(facts.deposit)} <span className="muted small">{t("keyFacts.depositNote")}</span>
            </dd>
          </div>
        )}
        {facts.excess.map((x) => (
          <div key={x.insurance}>
            <dt>{t("keyFacts.excessOf", { insurance: t(`booking.insurances.${x.insurance}.name`) })}</dt>
            <dd data-testid={`car-excess-${x.insurance}`}>{fmt.price(x.amount)}</dd>
          </div>
        ))}
        <div>
          <dt>{t("keyFacts.mileage")}</dt>
          <dd data-testid="car-mileage">{keyFactsMileage(t, fmt, facts.mileageKmPerDay, facts.extraKmPrice)}</dd>
        </div>
        <div>
          <dt>{t("keyFacts.fuel")}</dt>
          <dd data-testid="car-fuel">{t(`keyFacts.fuelPolicies.${facts.fuelPolicy}`)}</dd>
        </div>
        <div>
          <dt>{t("keyFacts.driver")}</dt>
          <dd data-testid="car-driver">
            {t("keyFacts.driverMinimum", { age: fmt.number(facts.minDriverAge), years: fmt.number(facts.minLicenceYears), count: facts.minLicenceYears })}
          </dd>
        </div>
      </dl>
    </section>
  );
}
