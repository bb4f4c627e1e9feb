import { useQueryClient } from "@tanstack/react-query";
import { useState, type ComponentProps, type FormEvent } from "react";
import { adminKeys, Field, notify, PageHeader, reportFailure, Select, useAdminMutation, useAdminQuery, useAdminTranslation } from "../../admin-kit";
import { loadKeyFacts, saveCategoryFacts, saveRentalTerms } from "./api";
import { extraKmPriceOf, FUEL_POLICIES, isTermsVersion, mileageOf, wholeNumber, type CategoryFacts, type FuelPolicy, type RentalTerms } from "./keyFactsForm";

/** « Conditions de location »: the cancellation terms, the terms version and each category's key facts. */
export default function KeyFactsPage() {
  const { t } = useAdminTranslation();
  const { data } = useAdminQuery({ queryKey: adminKeys.keyFacts, queryFn: loadKeyFacts, errorMessage: t("keyfacts.loadFailed") });
  return (
    <div className="adm-page" data-testid="admin-keyfacts">
      <PageHeader title={t("keyfacts.title")} subtitle={t("keyfacts.subtitle")} />
      {data && (
        <>
          <TermsForm terms={data.terms} />
          <section className="adm-card adm-keyfacts">
            <h2 className="adm-card__title">{t("keyfacts.categoriesTitle")}</h2>
            <p className="adm-field__hint">{t("keyfacts.categoriesHint")}</p>
            {data.categories.map((c) => (
              <CategoryForm key={c.category} facts={c} insurances={data.insurances} />
            ))}
          </section>
        </>
      )}
    </div>
  );
}

function useSave<V>(save: (v: V) => Promise<void>) {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: save,
    onSuccess: async () => {
      notify.success(t("keyfacts.saved"));
      await client.invalidateQueries({ queryKey: adminKeys.keyFacts });
    },
    onError: reportFailure("key facts save", t("keyfacts.saveFailed")),
  });
}

function TermsForm({ terms }: { terms: RentalTerms }) {
  const { t } = useAdminTranslation();
  const [hours, setHours] = useState(String(terms.freeCancellationHours));
  const [days, setDays] = useState(String(terms.lateCancellationDays));
  const [version, setVersion] = useState(terms.termsVersion);
  const [tried, setTried] = useState(false);
  const save = useSave(saveRentalTerms);
  const h = wholeNumber(hours, 0, 720);
  const d = wholeNumber(days, 0, 90);
  const v = version.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (h === null || d === null || !isTermsVersion(v)) return;
    save.mutate({ freeCancellationHours: h, lateCancellationDays: d, termsVersion: v });
  };
  const bad = (ok: boolean) => (tried && !ok ? t("keyfacts.invalid") : undefined);
  return (
    <form className="adm-card adm-keyfacts" onSubmit={submit} noValidate data-testid="keyfacts-terms">
      <h2 className="adm-card__title">{t("keyfacts.rulesTitle")}</h2>
      <div className="adm-keyfacts__grid">
        <Field label={t("keyfacts.freeCancellationHours")} error={bad(h !== null)}>
          <NumberInput value={hours} onValue={setHours} name="free_cancellation_hours" />
        </Field>
        <Field label={t("keyfacts.lateCancellationDays")} hint={t("keyfacts.lateCancellationHint")} error={bad(d !== null)}>
          <NumberInput value={days} onValue={setDays} name="late_cancellation_days" />
        </Field>
        <Field label={t("keyfacts.termsVersion")} hint={t("keyfacts.termsVersionHint")} error={bad(isTermsVersion(v))}>
          <input className="adm-input" value={version} onChange={(e) => setVersion(e.target.value)} name="terms_version" />
        </Field>
      </div>
      <SaveButton pending={save.isPending} />
    </form>
  );
}

function CategoryForm({ facts, insurances }: { facts: CategoryFacts; insurances: string[] }) {
  const { t } = useAdminTranslation();
  const [deposit, setDeposit] = useState(String(facts.deposit));
  const [excess, setExcess] = useState<Record<string, string>>(() => Object.fromEntries(insurances.map((i) => [i, String(facts.excess[i] ?? 0)])));
  const [mileage, setMileage] = useState(facts.mileageKmPerDay == null ? "" : String(facts.mileageKmPerDay));
  const [extraKm, setExtraKm] = useState(facts.extraKmPrice == null ? "" : String(facts.extraKmPrice).replace(".", ","));
  const [fuel, setFuel] = useState<FuelPolicy>(facts.fuelPolicy);
  const [age, setAge] = useState(String(facts.minDriverAge));
  const [years, setYears] = useState(String(facts.minLicenceYears));
  const [tried, setTried] = useState(false);
  const save = useSave(saveCategoryFacts);
  const dep = wholeNumber(deposit, 0, 1_000_000);
  const exc = Object.fromEntries(insurances.map((i) => [i, wholeNumber(excess[i] ?? "", 0, 1_000_000)]));
  const km = mileageOf(mileage);
  const extra = extraKmPriceOf(extraKm, km.ok ? km.value : null);
  const a = wholeNumber(age, 18, 99);
  const y = wholeNumber(years, 0, 60);
  const bad = (ok: boolean) => (tried && !ok ? t("keyfacts.invalid") : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (dep === null || Object.values(exc).some((x) => x === null) || !km.ok || !extra.ok || a === null || y === null) return;
    save.mutate({
      category: facts.category,
      deposit: dep,
      excess: exc as Record<string, number>,
      mileageKmPerDay: km.value,
      extraKmPrice: extra.ok ? extra.value : null,
      fuelPolicy: fuel,
      minDriverAge: a,
      minLicenceYears: y,
    });
  };
  return (
    <form className="adm-keyfacts__category" onSubmit={submit} noValidate data-testid="keyfacts-category" data-category={facts.category}>
      <h3>{facts.category}</h3>
      <div className="adm-keyfacts__grid">
        <Field label={t("keyfacts.deposit")} error={bad(dep !== null)}>
          <NumberInput value={deposit} onValue={setDeposit} name="deposit" />
        </Field>
        {insurances.map((i) => (
          <Field key={i} label={t("keyfacts.excess", { insurance: t(`keyfacts.insurances.${i}`, { defaultValue: i }) })} error={bad(exc[i] !== null)}>
            <NumberInput value={excess[i] ?? ""} onValue={(v) => setExcess((x) => ({ ...x, [i]: v }))} name={`excess_${i}`} />
          </Field>
        ))}
        <Field label={t("keyfacts.mileage")} error={bad(km.ok)}>
          <NumberInput value={mileage} onValue={setMileage} name="mileage_km_per_day" />
        </Field>
        {/* Only a limited mileage has extra kilometres (the database refuses a price without a limit and a limit without a price). */}
        <Field label={t("keyfacts.extraKmPrice")} hint={t("keyfacts.extraKmPriceHint")} error={bad(extra.ok)}>
          <NumberInput value={extraKm} onValue={setExtraKm} name="extra_km_price" inputMode="decimal" disabled={km.ok && km.value === null} />
        </Field>
        <Field label={t("keyfacts.fuel")}>
          <Select value={fuel} onChange={setFuel} options={FUEL_POLICIES.map((f) => [f, t(`keyfacts.fuelPolicies.${f}`)] as const)} name="fuel_policy" />
        </Field>
        <Field label={t("keyfacts.minDriverAge")} error={bad(a !== null)}>
          <NumberInput value={age} onValue={setAge} name="min_driver_age" />
        </Field>
        <Field label={t("keyfacts.minLicenceYears")} error={bad(y !== null)}>
          <NumberInput value={years} onValue={setYears} name="min_licence_years" />
        </Field>
      </div>
      <SaveButton pending={save.isPending} />
    </form>
  );
}

/** A number typed as text (keyFactsForm says whether it is one, and in range); Field's id and aria props pass through. */
function NumberInput({ onValue, ...input }: Omit<ComponentProps<"input">, "onChange"> & { value: string; onValue: (value: string) => void }) {
  return <input className="adm-input" inputMode="numeric" {...input} onChange={(e) => onValue(e.target.value)} />;
}

function SaveButton({ pending }: { pending: boolean }) {
  const { t } = useAdminTranslation();
  return (
    <button type="submit" className="adm-btn adm-btn--primary" disabled={pending}>
      {t("keyfacts.save")}
    </button>
  );
}
