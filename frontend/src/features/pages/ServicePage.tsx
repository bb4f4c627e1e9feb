import { useTranslation } from "react-i18next";
import { AnchorLink } from "../../components/AnchorLink";
import { Icon, type IconName } from "../../components/Icon";
import { CallButton, CheckList, FeatureGrid, Section } from "../../components/sections";
import { PageHero } from "../../components/ui";
import { FIGURES, SITE } from "../../config/site";
import { tList } from "../../lib/tList";
import { usePageMeta } from "../../lib/usePageMeta";
import { useFormat } from "../../lib/useFormat";
import { localFigures } from "../../lib/figures";
import { useRentalRules } from "../search";

const ICONS: IconName[] = ["clock", "shield", "tag", "plane"];

/** Short- and long-term rental pages share one layout (SPEC section 2). */
export function ServicePage({ kind }: { kind: "shortTerm" | "longTerm" }) {
  const { t } = useTranslation();
  const figures = localFigures(useFormat());
  const path = kind === "shortTerm" ? "/location-courte-duree" : "/location-longue-duree";
  usePageMeta(t(`meta.${kind}.title`), t(`meta.${kind}.description`), path);
  // The free-cancellation hours are the rental rule's (page_data renders the page with it).
  const rules = useRentalRules();
  const vars = { ...FIGURES, ...figures, freeCancellationHours: rules?.freeCancellationHours ?? "…" };
  const advantages = tList<{ title: string; text: string }>(t, `${kind}.advantages`, vars);
  const services = tList<string>(t, `${kind}.services`, vars);
  const primary = kind === "shortTerm" ? ("/#vehicles" as const) : ("/#contact" as const);
  const secondary = kind === "shortTerm" ? ("/#contact" as const) : ("/#vehicles" as const);
  return (
    <>
      <PageHero eyebrow={t(`${kind}.eyebrow`)} title={t(`${kind}.title`)} subtitle={t(`${kind}.subtitle`, vars)}>
        <AnchorLink to={primary} className="btn btn-accent btn-lg">
          {t(`${kind}.primaryCta`)}
        </AnchorLink>
        <AnchorLink to={secondary} className="btn btn-ghost-light btn-lg">
          {t(`${kind}.secondaryCta`)}
        </AnchorLink>
      </PageHero>
      <Section titleId="adv-title" title={t(`${kind}.advantagesTitle`)}>
        <FeatureGrid four items={advantages} icons={ICONS} />
      </Section>
      <Section alt container="narrow" titleId="services-title" title={t(`${kind}.servicesTitle`)}>
        <CheckList className="check-list columns" items={services} />
      </Section>
      <section className="section cta-band" aria-labelledby="cta-title">
        <div className="container center">
          <h2 id="cta-title">{t(`${kind}.ctaTitle`)}</h2>
          <p>{t(`${kind}.ctaText`, vars)}</p>
          <div className="hero-actions center">
            <CallButton className="btn btn-accent btn-lg" />
            <a className="btn btn-ghost-light btn-lg" href={`mailto:${SITE.email}`}>
              <Icon name="mail" /> {SITE.email}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

export function ShortTermPage() {
  return <ServicePage kind="shortTerm" />;
}
export function LongTermPage() {
  return <ServicePage kind="longTerm" />;
}
