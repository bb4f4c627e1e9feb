import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AnchorLink } from "../../components/AnchorLink";
import { Icon, type IconName } from "../../components/Icon";
import { FeatureCard, PageHero, StatGrid } from "../../components/ui";
import { SITE } from "../../config/site";
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
          <StatGrid
            items={[
              { value: figures.customers, label: t("stats.customers") },
              { value: figures.vehicles, label: t("stats.vehicles") },
              { value: figures.satisfaction, label: t("stats.satisfaction") },
              { value: figures.years, label: t("stats.years") },
            ]}
          />
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="values-title">
        <div className="container">
          <h2 id="values-title" className="section-title">
            {t("agency.valuesTitle")}
          </h2>
          <div className="feature-grid four">
            {values.map((v, i) => (
              <FeatureCard key={v.title} icon={VALUE_ICONS[i % VALUE_ICONS.length]!} title={v.title} text={v.text} />
            ))}
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="team-title">
        <div className="container two-col">
          <div>
            <h2 id="team-title">{t("agency.teamTitle")}</h2>
            <p>{t("agency.team")}</p>
          </div>
          <div className="card contact-card">
            <h3>{t("agency.contactTitle")}</h3>
            <ul className="contact-details">
              <li>
                <Icon name="pin" /> <span>{t("common.address")}</span>
              </li>
              <li>
                <Icon name="phone" />
                <a href={`tel:+${SITE.phoneDigits}`} dir="ltr">
                  {SITE.phone}
                </a>
              </li>
              <li>
                <Icon name="clock" /> <span>{t("agency.service24")}</span>
              </li>
            </ul>
            <Link to="/contact" className="btn btn-primary">
              {t("agency.contactCta")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
