import type { ReactNode } from "react";
import { ltr } from "../../lib/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon, type IconName } from "../../components/Icon";
import { Section } from "../../components/sections";
import { Faq, PageHero, type FaqItem } from "../../components/ui";
import { SITE } from "../../config/site";
import { tList } from "../../lib/tList";
import { usePageMeta } from "../../lib/usePageMeta";
import { useTermsVars } from "../cars";
import { ContactForm } from "./ContactForm";

export default function ContactPage() {
  const { t } = useTranslation();
  usePageMeta(t("meta.contact.title"), t("meta.contact.description"), "/contact");
  const faq = tList<FaqItem>(t, "contact.faq", useTermsVars());
  return (
    <>
      <PageHero title={t("contact.title")} subtitle={t("contact.subtitle")} />
      <section className="section" aria-labelledby="contact-form-title">
        <div className="container contact-layout">
          <div>
            <h2 id="contact-form-title">{t("contact.formTitle")}</h2>
            <ContactForm variant="page" />
          </div>
          <aside className="contact-aside">
            <div className="card">
              <h2>{t("contact.detailsTitle")}</h2>
              <ul className="contact-details">
                <Detail icon="phone" title={t("contact.phone")}>
                  <a href={`tel:+${SITE.phoneDigits}`} dir="ltr">
                    {SITE.phone}
                  </a>
                </Detail>
                <Detail icon="mail" title={t("contact.email")}>
                  <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
                </Detail>
                <Detail icon="pin" title={t("contact.addressTitle")}>
                  <span>{t("common.address")}</span>
                </Detail>
                <Detail icon="clock" title={t("contact.hoursTitle")}>
                  <span>{t("common.hours", { hours: ltr(SITE.openingHours) })}</span>
                  <span className="muted small">{t("common.service24")}</span>
                </Detail>
              </ul>
            </div>
            <div className="card">
              <h2>{t("contact.quickTitle")}</h2>
              <div className="quick-links">
                <a className="btn btn-primary" href={`tel:+${SITE.phoneDigits}`}>
                  <Icon name="phone" /> {t("contact.call")}
                </a>
                <a className="btn btn-outline" href={`mailto:${SITE.email}`}>
                  <Icon name="mail" /> {t("contact.writeEmail")}
                </a>
                <Link className="btn btn-outline" to="/vehicles">
                  <Icon name="car" /> {t("contact.viewVehicles")}
                </Link>
              </div>
            </div>
          </aside>
        </div>
      </section>
      <Section titleId="map-title" title={t("contact.mapTitle")} alt plain>
        <iframe className="map" title={t("contact.mapTitle")} src={SITE.mapEmbedUrl} height="400" loading="lazy" referrerPolicy="no-referrer" />
        <p className="small">
          <a href={SITE.mapLinkUrl} target="_blank" rel="noopener noreferrer">
            {t("contact.openMap")}
          </a>
        </p>
      </Section>
      <Section titleId="contact-faq-title" title={t("contact.faqTitle")} container="narrow" plain>
        <Faq items={faq} idPrefix="contact-faq" />
      </Section>
    </>
  );
}

/** One way to reach the agency: its icon, its title and the details. */
function Detail({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li>
      <Icon name={icon} />
      <div>
        <strong>{title}</strong>
        {children}
      </div>
    </li>
  );
}
