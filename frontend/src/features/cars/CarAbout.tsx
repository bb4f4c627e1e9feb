import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { Tabs } from "../../components/Tabs";
import { Faq, type FaqItem } from "../../components/ui";
import { contentAttrs, InFrenchNote } from "../../components/InFrench";
import { useLanguage } from "../../lib/LanguageProvider";
import { tList } from "../../lib/tList";
import { localized } from "../../lib/translated";
import { CarKeyFacts } from "./CarKeyFacts";
import { categoryKey } from "./labels";
import { useTermsVars } from "./termsText";
import type { FleetCar } from "./types";

/** Description, specifications, included extras and (for a served car) the key facts. */
export function CarAbout({ car, served }: { car: FleetCar; served: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const description = localized(car.description?.trim() || null, car.translations, language, "description");
  return (
    <div className="detail-info">
      <h2 id="details-title">{t("car.description")}</h2>
      {description.value ? (
        <>
          {/* The visitor's language when written, else the French. */}
          <p {...contentAttrs(description)} data-testid="car-description">
            {description.value}
          </p>
          <InFrenchNote of={description} />
        </>
      ) : (
        <p>{t("car.noDescription")}</p>
      )}
      <h3>{t("car.specifications")}</h3>
      <CarSpecifications car={car} />
      <h3>{t("car.extrasTitle")}</h3>
      <CarExtras car={car} />
      {served && <CarKeyFacts category={car.category} />}
    </div>
  );
}

function CarSpecifications({ car }: { car: FleetCar }) {
  const { t } = useTranslation();
  const specs = [
    ["seats", t("car.seats"), car.seats],
    ["gear", t("car.transmission"), t(`transmissions.${car.transmission}`)],
    ["fuel", t("car.fuel"), t(`fuels.${car.fuel}`)],
    ["car", t("car.category"), t(categoryKey(car.category))],
  ] as const;
  return (
    <dl className="spec-list">
      {specs.map(([icon, label, value]) => (
        <div key={icon}>
          <dt>
            <Icon name={icon} size={18} /> {label}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CarExtras({ car }: { car: FleetCar }) {
  const { t } = useTranslation();
  const extras = [
    { key: "gps", included: car.gps_included },
    { key: "babySeat", included: car.baby_seat_included },
    { key: "secondDriver", included: car.second_driver_included },
    { key: "roadside", included: car.roadside_assistance_included },
  ];
  return (
    <ul className="extras-list">
      {extras.map((x) => (
        <li key={x.key} className={x.included ? "is-included" : "is-not"}>
          <Icon name={x.included ? "check" : "x"} size={18} />
          <span>{t(`car.extras.${x.key}`)}</span>
          <span className="muted small">{x.included ? t("car.included") : t("car.notIncluded")}</span>
        </li>
      ))}
    </ul>
  );
}

/** What to bring and the questions asked, the FAQ stating this car's category's terms (rental_terms()). */
export function CarInfoTabs({ category }: { category: FleetCar["category"] }) {
  const { t } = useTranslation();
  const terms = useTermsVars(category);
  const requirements = tList<string>(t, "car.requirements");
  const faq = tList<FaqItem>(t, "car.faq", terms);
  return (
    <Tabs
      idPrefix="car-info"
      label={t("car.infoTabs")}
      tabs={[
        {
          title: t("car.requirementsTitle"),
          content: (
            <ul className="check-list">
              {requirements.map((r) => (
                <li key={r}>
                  <Icon name="check" size={18} /> {r}
                </li>
              ))}
            </ul>
          ),
        },
        { title: t("car.faqTitle"), content: <Faq items={faq} idPrefix="car-faq" /> },
      ]}
    />
  );
}
