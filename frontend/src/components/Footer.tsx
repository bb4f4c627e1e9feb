import { ltr } from "../lib/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LEGAL_PATHS, SITE } from "../config/site";
import { AnchorLink } from "./AnchorLink";
import { Icon } from "./Icon";

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">
            {SITE.name}
          </h2>
          <p>{t("footer.about")}</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-title">
            {t("footer.links")}
          </h2>
          <ul>
            <li>
              <Link to="/vehicles">{t("nav.vehicles")}</Link>
            </li>
            <li>
              <Link to="/location-courte-duree">{t("nav.shortTerm")}</Link>
            </li>
            <li>
              <Link to="/location-longue-duree">{t("nav.longTerm")}</Link>
            </li>
            <li>
              <Link to="/notre-agence">{t("nav.agency")}</Link>
            </li>
            <li>
              <Link to="/pourquoi-nous">{t("nav.whyUsPage")}</Link>
            </li>
            <li>
              <Link to="/blog">{t("nav.blog")}</Link>
            </li>
            <li>
              <Link to="/contact">{t("nav.contact")}</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            {t("footer.contact")}
          </h2>
          <ul className="footer-contact">
            <li>
              <Icon name="phone" size={16} />
              <a href={`tel:+${SITE.phoneDigits}`} dir="ltr">
                {SITE.phone}
              </a>
            </li>
            <li>
              <Icon name="mail" size={16} />
              <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
            </li>
            <li>
              <Icon name="pin" size={16} />
              <span>{t("common.address")}</span>
            </li>
            <li>
              <Icon name="clock" size={16} />
              <span>{t("common.hours", { hours: ltr(SITE.openingHours) })}</span>
            </li>
          </ul>
        </section>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {SITE.name}. {t("footer.rights")}
        </p>
        <nav aria-label={t("footer.legal")}>
          <ul className="footer-legal">
            <li>
              <Link to={LEGAL_PATHS.terms}>{t("legal.terms.title")}</Link>
            </li>
            <li>
              <Link to={LEGAL_PATHS.privacy}>{t("legal.privacy.title")}</Link>
            </li>
            <li>
              <Link to={LEGAL_PATHS.notice}>{t("legal.notice.title")}</Link>
            </li>
          </ul>
        </nav>
        <AnchorLink to="/#vehicles">{t("footer.bookNow")}</AnchorLink>
      </div>
    </footer>
  );
}
