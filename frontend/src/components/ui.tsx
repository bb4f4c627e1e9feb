import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { prefersReducedMotion } from "./AnchorLink";
import { useFormat } from "../lib/useFormat";
import { Icon, type IconName } from "./Icon";

/** 5 stars, filled by the floor of the rating (SPEC section 2). */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const full = Math.floor(rating);
  return (
    <span className="stars" role="img" aria-label={t("car.ratingAria", { rating: fmt.number(rating) })}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Icon key={i} name="star" size={size} className={i <= full ? "star-on" : "star-off"} />
      ))}
    </span>
  );
}

export interface FaqItem {
  q: string;
  a: string;
}

/** One item open at a time; clicking the open one closes it. */
export function Faq({ items, idPrefix, initiallyOpen = null }: { items: FaqItem[]; idPrefix: string; initiallyOpen?: number | null }) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  return (
    <div className="faq">
      {items.map((item, i) => {
        const isOpen = open === i;
        return (
          <div key={i} className={`faq-item ${isOpen ? "is-open" : ""}`}>
            <h3>
              <button
                type="button"
                id={`${idPrefix}-q${i}`}
                aria-expanded={isOpen}
                aria-controls={`${idPrefix}-a${i}`}
                onClick={() => setOpen(isOpen ? null : i)}
              >
                <span>{item.q}</span>
                <Icon name="chevronDown" className="faq-chevron" />
              </button>
            </h3>
            <div id={`${idPrefix}-a${i}`} role="region" aria-labelledby={`${idPrefix}-q${i}`} hidden={!isOpen}>
              <p>{item.a}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}

export function FeatureCard({ icon, title, text }: { icon: IconName; title: string; text: string }) {
  return (
    <div className="feature-card">
      <span className="feature-icon">
        <Icon name={icon} size={24} />
      </span>
      <h3>{title}</h3>
      <p>{text}</p>
    </div>
  );
}

export function StatGrid({ items }: { items: { value: string; label: string }[] }) {
  return (
    <dl className="stat-grid">
      {items.map((s) => (
        <div key={s.label} className="stat">
          <dt>{s.label}</dt>
          <dd dir="ltr">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PageHero({ title, subtitle, children, eyebrow }: { title: string; subtitle?: string; eyebrow?: string; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {subtitle && <p className="lead">{subtitle}</p>}
        {children && <div className="hero-actions">{children}</div>}
      </div>
    </section>
  );
}

/** Floating "back to top" after 400px of scrolling (SPEC section 9). */
export function ScrollTopButton({ mobileOnly = false }: { mobileOnly?: boolean }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  useEffect(() => {
    const onScroll = () => setShow(window.scrollY > 400);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!show) return null;
  return (
    <button
      type="button"
      className={`scroll-top ${mobileOnly ? "mobile-only" : ""}`}
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" })}
      aria-label={t("common.scrollTop")}
    >
      <Icon name="arrowUp" size={22} />
    </button>
  );
}
