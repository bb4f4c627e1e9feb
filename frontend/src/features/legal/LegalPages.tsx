// The three legal pages: terms of rental, privacy policy and
// legal notice, in fr/en/ar. Their titles are in locales/*.json (the footer and
// the cookie card show them); their texts are the i18next namespace "legal"
// (locales/legal/*.json), downloaded only by these pages so they add nothing to
// other pages' first view. Every agency fact they quote comes from
// src/config/site.ts (SITE, FIGURES, LEGAL), and every rental rule (ages, licence
// years, mileage, deposits, excess, cancellation) from the database's
// rental_terms() (features/cars termsText.ts), so nothing is written twice. They
// render on the server as well: no browser object is touched during render.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LEGAL_NAV, NavItems } from "../../components/NavItems";
import { PageHero } from "../../components/ui";
import { FIGURES, LEGAL, LEGAL_PATHS, SITE } from "../../config/site";
import { useTermsVars } from "../cars";
import { tList } from "../../lib/tList";
import { useFormat } from "../../lib/useFormat";
import { usePageMeta } from "../../lib/usePageMeta";

interface Section {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

/** What the texts may quote, by name ({{minAge}}, {{cndp}}…). */
function useLegalVars() {
  const fmt = useFormat();
  const terms = useTermsVars();
  return {
    ...terms,
    site: SITE.name,
    email: SITE.email,
    privacyEmail: LEGAL.privacyEmail,
    company: LEGAL.companyName,
    cndp: LEGAL.cndpDeclaration,
    arriveEarlyMinutes: FIGURES.arriveEarlyMinutes,
    replyHours: FIGURES.replyHours,
    updated: fmt.day(LEGAL.updated),
  };
}

function Sections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((s, i) => (
        <section key={s.title} aria-labelledby={`legal-s${i}`}>
          <h2 id={`legal-s${i}`}>{s.title}</h2>
          {s.items && (
            <ul>
              {s.items.map((it) => (
                <li key={it}>{it}</li>
              ))}
            </ul>
          )}
          {s.paragraphs?.map((p) => <p key={p}>{p}</p>)}
        </section>
      ))}
    </>
  );
}

type LegalPage = keyof typeof LEGAL_PATHS;

/** The page's meta, hero, links between the three pages, the date of the texts, then the page's own content. */
function LegalLayout({ page, children }: { page: LegalPage; children: ReactNode }) {
  const { t } = useTranslation();
  const { t: tl } = useTranslation("legal");
  const vars = useLegalVars();
  usePageMeta(tl(`meta.${page}.title`), tl(`meta.${page}.description`), LEGAL_PATHS[page]);
  const testId = `legal-${page}`;
  return (
    <>
      <PageHero eyebrow={tl("eyebrow")} title={t(`legal.${page}.title`)} subtitle={tl(`${page}.intro`, vars)} />
      <div className="section">
        <div className="container legal-layout">
          <nav className="legal-nav" aria-label={tl("navLabel")}>
            <ul>
              <NavItems items={LEGAL_NAV} active />
            </ul>
          </nav>
          <article className="legal-text prose" data-testid={testId}>
            <p className="muted">{tl("updated", { date: vars.updated })}</p>
            {children}
          </article>
        </div>
      </div>
    </>
  );
}

/** Phone and email as links, each isolated from the surrounding direction. */
function ContactLines() {
  const { t: tl } = useTranslation("legal");
  return (
    <ul className="legal-contact">
      <li>
        {tl("phone")}{" "}
        <a href={`tel:+${SITE.phoneDigits}`} dir="ltr">
          {SITE.phone}
        </a>
      </li>
      <li>
        {tl("email")}{" "}
        <a href={`mailto:${LEGAL.privacyEmail}`} dir="ltr">
          {LEGAL.privacyEmail}
        </a>
      </li>
    </ul>
  );
}

export function TermsPage() {
  const { t } = useTranslation();
  const { t: tl } = useTranslation("legal");
  const vars = useLegalVars();
  return (
    <LegalLayout page="terms">
      <Sections sections={tList<Section>(tl, "terms.sections", vars)} />
      <p>
        {tl("terms.questions")} <Link to="/contact">{t("nav.contact")}</Link>
      </p>
    </LegalLayout>
  );
}

export function PrivacyPage() {
  const { t: tl } = useTranslation("legal");
  const vars = useLegalVars();
  return (
    <LegalLayout page="privacy">
      <dl className="legal-facts">
        <div>
          <dt>{tl("fields.controller")}</dt>
          <dd>{LEGAL.companyName}</dd>
        </div>
        <div>
          <dt>{tl("fields.cndp")}</dt>
          <dd>
            <bdi data-testid="cndp-number">{LEGAL.cndpDeclaration}</bdi>
          </dd>
        </div>
      </dl>
      <Sections sections={tList<Section>(tl, "privacy.sections", vars)} />
      <h2>{tl("privacy.contactTitle")}</h2>
      <ContactLines />
    </LegalLayout>
  );
}

export function LegalNoticePage() {
  const { t, i18n } = useTranslation();
  const { t: tl } = useTranslation("legal");
  const vars = useLegalVars();
  const fmt = useFormat();
  // The register's own wording is French; on other pages it is marked as such.
  const fr = i18n.language === "fr" ? undefined : "fr";
  const facts: [string, ReactNode][] = [
    [tl("fields.company"), LEGAL.companyName],
    [tl("fields.legalForm"), <bdi lang={fr}>{LEGAL.legalForm}</bdi>],
    [tl("fields.capital"), <bdi>{tl("capitalValue", { amount: fmt.number(LEGAL.capitalDh) })}</bdi>],
    [tl("fields.office"), <bdi lang={fr}>{LEGAL.registeredOffice}</bdi>],
    [tl("fields.rc"), <bdi lang={fr}>{LEGAL.rc}</bdi>],
    [tl("fields.ice"), <bdi data-testid="ice-number">{LEGAL.ice}</bdi>],
    [tl("fields.taxId"), <bdi>{LEGAL.taxId}</bdi>],
    [tl("fields.cndp"), <bdi>{LEGAL.cndpDeclaration}</bdi>],
    [tl("fields.director"), LEGAL.publicationDirector],
    [tl("fields.host"), <bdi lang={fr}>{`${LEGAL.host.name}, ${LEGAL.host.address}`}</bdi>],
  ];
  return (
    <LegalLayout page="notice">
      <h2>{tl("notice.publisherTitle")}</h2>
      <dl className="legal-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ContactLines />
      <Sections sections={tList<Section>(tl, "notice.sections", vars)} />
      <p>
        <Link to={LEGAL_PATHS.privacy}>{t("legal.privacy.title")}</Link> · <Link to={LEGAL_PATHS.terms}>{t("legal.terms.title")}</Link>
      </p>
    </LegalLayout>
  );
}
