import { type ContentLanguage, Check, Field, LanguageTabs, plainOptions, Select, useAdminTranslation } from "../admin-kit";
import { CAR_BRANDS, CAR_CATEGORIES, CAR_FUELS, CAR_SEATS, CAR_TRANSMISSIONS, carTranslationState, type CarFormErrors, type CarFormValues } from "./carForm";

/** What each group of the car form is given: the values, their errors, and a setter per field. */
export interface CarFieldsProps {
  values: CarFormValues;
  errors: CarFormErrors;
  set: <K extends keyof CarFormValues>(key: K, value: CarFormValues[K]) => void;
}

/** Name, brand, category, price and the rating shown on the site. */
export function CarIdentityFields({ values, errors, set }: CarFieldsProps) {
  const { t } = useAdminTranslation();
  return (
    <>
      <div className="adm-grid adm-grid--3">
        <Field label={t("cars.fields.name")} error={errors.name} required>
          <input className="adm-input" name="name" value={values.name} onChange={(e) => set("name", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.brand")} error={errors.brand} required>
          <input className="adm-input" name="brand" list="adm-car-brands" value={values.brand} onChange={(e) => set("brand", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.category")} error={errors.category} required>
          <Select name="category" value={values.category} onChange={(v) => set("category", v)} options={plainOptions(CAR_CATEGORIES)} />
        </Field>
      </div>
      <datalist id="adm-car-brands">
        {CAR_BRANDS.map((b) => (
          <option key={b} value={b} />
        ))}
      </datalist>

      <div className="adm-grid adm-grid--3">
        <Field label={t("cars.fields.price")} error={errors.price} required>
          <input className="adm-input" name="price" type="number" inputMode="numeric" min={1} step={1} value={values.price} onChange={(e) => set("price", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.rating")} error={errors.rating} required>
          <input className="adm-input" name="rating" type="number" min={1} max={5} step={0.1} value={values.rating} onChange={(e) => set("rating", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.reviewCount")} error={errors.review_count}>
          <input className="adm-input" name="review_count" type="number" min={0} step={1} value={values.review_count} onChange={(e) => set("review_count", e.target.value)} />
        </Field>
      </div>
      <Field label={t("cars.fields.ratingSource")} error={errors.rating_source} hint={t("cars.fields.ratingSourceHint")}>
        <input className="adm-input" name="rating_source" maxLength={40} value={values.rating_source} onChange={(e) => set("rating_source", e.target.value)} />
      </Field>
    </>
  );
}

/** Seats, gearbox, fuel, the page's address and whether (and until when not) it is offered. */
export function CarServiceFields({ values, errors, set }: CarFieldsProps) {
  const { t } = useAdminTranslation();
  return (
    <>
      <div className="adm-grid adm-grid--3">
        <Field label={t("cars.fields.seats")} error={errors.seats} required>
          <Select name="seats" value={values.seats} onChange={(v) => set("seats", v)} options={plainOptions(CAR_SEATS)} />
        </Field>
        <Field label={t("cars.fields.transmission")} required>
          <Select
            name="transmission"
            value={values.transmission}
            onChange={(v) => set("transmission", v)}
            options={CAR_TRANSMISSIONS.map((x) => [x, t(`cars.transmissions.${x}`)] as const)}
          />
        </Field>
        <Field label={t("cars.fields.fuel")} required>
          <Select name="fuel" value={values.fuel} onChange={(v) => set("fuel", v)} options={CAR_FUELS.map((x) => [x, t(`cars.fuels.${x}`)] as const)} />
        </Field>
      </div>

      <div className="adm-grid adm-grid--2">
        <Field label={t("cars.fields.slug")} hint={t("cars.fields.slugHint", { slug: values.slug.trim() || "{slug}" })}>
          <input className="adm-input" name="slug" value={values.slug} onChange={(e) => set("slug", e.target.value)} />
        </Field>
        <Field label={t("cars.fields.notAvailableUntil")} error={errors.not_available_until} hint={t("cars.fields.notAvailableUntilHint")}>
          <input className="adm-input" name="not_available_until" type="date" value={values.not_available_until} onChange={(e) => set("not_available_until", e.target.value)} />
        </Field>
      </div>

      <Check switch name="available" label={t("cars.fields.available")} checked={values.available} onChange={(on) => set("available", on)} />
    </>
  );
}

/** The description in fr, en and ar; a missing one shows the French on the site. */
export function CarDescriptionTabs({ values, set, tab, onTab }: Omit<CarFieldsProps, "errors"> & { tab: ContentLanguage; onTab: (lang: ContentLanguage) => void }) {
  const { t } = useAdminTranslation();
  return (
    <LanguageTabs active={tab} onChange={onTab} states={{ en: carTranslationState(values, "en"), ar: carTranslationState(values, "ar") }} testId="car-language-tabs">
      {(lang) => {
        const key = lang === "fr" ? "description" : lang === "en" ? "description_en" : "description_ar";
        return (
          <Field label={lang === "fr" ? t("cars.fields.description") : `${t("cars.fields.description")} (${t(`contentLanguages.names.${lang}`)})`}>
            <textarea className="adm-input" name={key} lang={lang} dir={lang === "ar" ? "rtl" : "ltr"} rows={4} value={values[key]} onChange={(e) => set(key, e.target.value)} />
          </Field>
        );
      }}
    </LanguageTabs>
  );
}

/** The extras included in the price. */
export function CarExtrasFields({ values, set }: Omit<CarFieldsProps, "errors">) {
  const { t } = useAdminTranslation();
  const extras = [
    ["gps_included", t("cars.fields.gps")],
    ["baby_seat_included", t("cars.fields.babySeat")],
    ["second_driver_included", t("cars.fields.secondDriver")],
    ["roadside_assistance_included", t("cars.fields.roadside")],
  ] as const;
  return (
    <fieldset className="adm-fieldset">
      <legend>{t("cars.fields.extras")}</legend>
      <div className="adm-checks">
        {extras.map(([key, label]) => (
          <Check key={key} name={key} label={label} checked={values[key]} onChange={(on) => set(key, on)} />
        ))}
      </div>
    </fieldset>
  );
}
