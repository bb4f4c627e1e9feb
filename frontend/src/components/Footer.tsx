import { useTranslation } from "react-i18next";
import { SITE } from "../config/site";
import { AnchorLink } from "./AnchorLink";
import { FOOTER_NAV, LEGAL_NAV, NavItems } from "./NavItems";
import { ContactDetails } from "./sections";

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
            <NavItems items={FOOTER_NAV} />
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            {t("footer.contact")}
          </h2>
          <ContactDetails className="footer-contact" iconSize={16} lines={["phone", "mail", "address", "hours"]} />
        </section>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {SITE.name}. {t("footer.rights")}
        </p>
        <nav aria-label={t("footer.legal")}>
          <ul className="footer-legal">
            <NavItems items={LEGAL_NAV} />
          </ul>
        </nav>
        <AnchorLink to="/#vehicles">{t("footer.bookNow")}</AnchorLink>
      </div>
    </footer>
  );
}
