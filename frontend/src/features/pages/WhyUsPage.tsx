import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AnchorLink } from "../../components/AnchorLink";
import { Icon, type IconName } from "../../components/Icon";
import { FeatureCard, PageHero, StatGrid } from "../../components/ui";
import { FIGURES } from "../../config/site";
import { tList } from "../../lib/tList";
import { usePageMeta } from "../../lib/usePageMeta";
import { useFormat } from "../../lib/useFormat";
import { localFigures } from "../../lib/figures";

const BENEFIT_ICONS: IconName[] = ["sparkle", "shield", "clock", "award", "tool", "plane"];

export default function WhyUsPage() {
  const { t } = useTranslation();
  const figures = localFigures(useFormat());
  usePageMeta(t("meta.whyUs.title"), t("meta.whyUs.description"), "/pourquoi-nous");
  const benefits = tList<{ title: string; text: string }>(t, "whyUs.benefits", { ...FIGURES, ...figures });
  const commitments = tList<{ title: string; text: string }>(t, "whyUs.commitments");
  return (
    <>
      <PageHero eyebrow={t("whyUs.eyebrow")} title={t("whyUs.title")} subtitle={t("whyUs.subtitle")} />
      <section className="section" aria-label={t("whyUs.statsLabel")}>
        <div className="container">
          <StatGrid
            items={[
              { value: figures.vehicles, label: t("stats.vehicles") },
              { value: figures.customers, label: t("stats.customers") },
              { value: figures.satisfaction, label: t("stats.satisfaction") },
              { value: figures.rating, label: t("stats.rating", { reviews: figures.reviews }) },
            ]}
          />
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="benefits-title">
        <div className="container">
          <h2 id="benefits-title" className="section-title">
            {t("whyUs.benefitsTitle")}
          </h2>
          <div className="feature-grid">
            {benefits.map((b, i) => (
              <FeatureCard key={b.title} icon={BENEFIT_ICONS[i % BENEFIT_ICONS.length]!} title={b.title} text={b.text} />
            ))}
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="commit-title">
        <div className="container">
          <h2 id="commit-title" className="section-title">
            {t("whyUs.commitmentsTitle")}
          </h2>
          <ul className="commitments">
            {commitments.map((c) => (
              <li key={c.title}>
                <Icon name="check" size={20} />
                <div>
                  <h3>{c.title}</h3>
                  <p>{c.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="hero-actions center">
            <AnchorLink to="/#vehicles" className="btn btn-primary btn-lg">
              {t("whyUs.ctaVehicles")}
            </AnchorLink>
            <Link to="/contact" className="btn btn-outline btn-lg">
              {t("whyUs.ctaContact")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
