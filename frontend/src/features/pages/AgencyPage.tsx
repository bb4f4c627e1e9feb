import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AnchorLink } from "../../components/AnchorLink";
import type { IconName } from "../../components/Icon";
import { ContactDetails, FeatureGrid, FigureStats, Section } from "../../components/sections";
import { PageHero } from "../../components/ui";
import { tList } from "../../lib/tList";
import { usePageMeta } from "../../lib/usePageMeta";
import { useFormat } from "../../lib/useFormat";
import { localFigures } from "../../lib/figures";

const VALUE_ICONS: IconName[] = ["shield", "heart", "award", "clock"];

export default function AgencyPage() {
  const { t } = useTranslation();
  const figures = localFigures(useFormat());
  usePageMeta(t("meta.agency.title"), t("meta.agency.description"), "/notre-agence");
  const values = tList<{ title: string; text: string }>(t, "agency.values");
  return (
    <>
      <PageHero eyebrow={t("agency.eyebrow")} title={t("agency.title")} subtitle={t("agency.subtitle")}>
        <AnchorLink to="/#vehicles" className="btn btn-accent btn-lg">
          {t("agency.cta")}
        </AnchorLink>
      </PageHero>
      <section className="section" aria-labelledby="about-title">
        <div className="container two-col">
          <div>
            <h2 id="about-title">{t("agency.aboutTitle")}</h2>
            <p>{t("agency.about", { years: figures.years })}</p>
            <h3>{t("agency.missionTitle")}</h3>
            <p>{t("agency.mission")}</p>
          </div>
          <FigureStats figures={["customers", "vehicles", "satisfaction", "years"]} />
        </div>
      </section>
      <Section alt titleId="values-title" title={t("agency.valuesTitle")}>
        <FeatureGrid four items={values} icons={VALUE_ICONS} />
      </Section>
      <section className="section" aria-labelledby="team-title">
        <div className="container two-col">
          <div>
            <h2 id="team-title">{t("agency.teamTitle")}</h2>
            <p>{t("agency.team")}</p>
          </div>
          <div className="card contact-card">
            <h3>{t("agency.contactTitle")}</h3>
            <ContactDetails lines={["address", "phone", "service24"]} />
            <Link to="/contact" className="btn btn-primary">
              {t("agency.contactCta")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
