import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AnchorLink } from "../../components/AnchorLink";
import { Icon, type IconName } from "../../components/Icon";
import { FeatureGrid, FigureStats, Section } from "../../components/sections";
import { PageHero } from "../../components/ui";
import { FIGURES } from "../../config/site";
import { tList } from "../../lib/tList";
import { usePageMeta } from "../../lib/usePageMeta";
import { useFormat } from "../../lib/useFormat";
import { localFigures } from "../../lib/figures";
import { useTermsVars } from "../cars";

const BENEFIT_ICONS: IconName[] = ["sparkle", "shield", "clock", "award", "tool", "plane"];

export default function WhyUsPage() {
  const { t } = useTranslation();
  const figures = localFigures(useFormat());
  usePageMeta(t("meta.whyUs.title"), t("meta.whyUs.description"), "/pourquoi-nous");
  const benefits = tList<{ title: string; text: string }>(t, "whyUs.benefits", { ...FIGURES, ...figures });
  const commitments = tList<{ title: string; text: string }>(t, "whyUs.commitments", useTermsVars());
  return (
    <>
      <PageHero eyebrow={t("whyUs.eyebrow")} title={t("whyUs.title")} subtitle={t("whyUs.subtitle")} />
      <section className="section" aria-label={t("whyUs.statsLabel")}>
        <div className="container">
          <FigureStats figures={["vehicles", "customers", "satisfaction", "rating"]} />
        </div>
      </section>
      <Section alt titleId="benefits-title" title={t("whyUs.benefitsTitle")}>
        <FeatureGrid items={benefits} icons={BENEFIT_ICONS} />
      </Section>
      <Section titleId="commit-title" title={t("whyUs.commitmentsTitle")}>
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
      </Section>
    </>
  );
}
