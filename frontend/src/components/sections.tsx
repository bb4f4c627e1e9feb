import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SITE } from "../config/site";
import { localFigures } from "../lib/figures";
import { ltr } from "../lib/format";
import { useFormat } from "../lib/useFormat";
import { Icon, type IconName } from "./Icon";
import { FeatureCard, StatGrid } from "./ui";

/**
 * The blocks the public pages are built of (home, agency, why us, services,
 * contact, footer): one markup each, so the pages say only what they show.
 */

interface SectionProps {
  /** The h2's id: the section is labelled by its title. */
  titleId: string;
  title: string;
  id?: string;
  /** The tinted background (.section-alt). */
  alt?: boolean;
  /** More classes of the inner container ("narrow"). */
  container?: string;
  /** The home page's title row (.section-head: title, optional subtitle and aside); else a centred .section-title. */
  head?: boolean;
  /** A bare h2, at the start as text is (a page's sections after its main content: map, questions, related posts or cars). */
  plain?: boolean;
  subtitle?: string;
  aside?: ReactNode;
  children: ReactNode;
}

export function Section({ titleId, title, id, alt = false, container, head = false, plain = false, subtitle, aside, children }: SectionProps) {
  return (
    <section id={id} className={alt ? "section section-alt" : "section"} aria-labelledby={titleId}>
      <div className={container ? `container ${container}` : "container"}>
        {head ? (
          <div className="section-head">
            <h2 id={titleId}>{title}</h2>
            {subtitle && <p className="muted">{subtitle}</p>}
            {aside}
          </div>
        ) : (
          <h2 id={titleId} className={plain ? undefined : "section-title"}>
            {title}
          </h2>
        )}
        {children}
      </div>
    </section>
  );
}

/** Feature cards from a translated list; the icons repeat when the list is longer. */
export function FeatureGrid({ items, icons, four = false }: { items: { title: string; text: string }[]; icons: IconName[]; four?: boolean }) {
  return (
    <div className={four ? "feature-grid four" : "feature-grid"}>
      {items.map((f, i) => (
        <FeatureCard key={f.title} icon={icons[i % icons.length]!} title={f.title} text={f.text} />
      ))}
    </div>
  );
}

export type Figure = "vehicles" | "customers" | "satisfaction" | "rating" | "years";

/** The trust figures (config TRUST) in the visitor's language, in the order given. */
export function FigureStats({ figures }: { figures: Figure[] }) {
  const { t } = useTranslation();
  const local = localFigures(useFormat());
  return (
    <StatGrid
      items={figures.map((k) => ({
        value: local[k],
        label: k === "rating" ? t("stats.rating", { reviews: local.reviews }) : t(`stats.${k}`),
      }))}
    />
  );
}

/** A bulleted list with a check mark before each line. */
export function CheckList({ items, className = "check-list" }: { items: string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((x) => (
        <li key={x}>
          <Icon name="check" size={18} /> {x}
        </li>
      ))}
    </ul>
  );
}

/** The agency's ways to be reached: phone, e-mail, address, opening hours, round-the-clock service. */
export type ContactLine = "phone" | "mail" | "address" | "hours" | "service24";

const CONTACT_ICONS: Record<ContactLine, IconName> = { phone: "phone", mail: "mail", address: "pin", hours: "clock", service24: "clock" };

/** The contact lines as .contact-details (or the footer's list), each an icon and its text. */
export function ContactDetails({ lines, className = "contact-details", iconSize }: { lines: ContactLine[]; className?: string; iconSize?: number }) {
  const { t } = useTranslation();
  const text: Record<ContactLine, ReactNode> = {
    phone: (
      <a href={`tel:+${SITE.phoneDigits}`} dir="ltr">
        {SITE.phone}
      </a>
    ),
    mail: <a href={`mailto:${SITE.email}`}>{SITE.email}</a>,
    address: <span>{t("common.address")}</span>,
    hours: <span>{t("common.hours", { hours: ltr(SITE.openingHours) })}</span>,
    service24: <span>{t("agency.service24")}</span>,
  };
  return (
    <ul className={className}>
      {lines.map((line) => (
        <li key={line}>
          <Icon name={CONTACT_ICONS[line]} size={iconSize} />
          {text[line]}
        </li>
      ))}
    </ul>
  );
}

/** The big "call us" button: the phone icon and the number, kept left to right. */
export function CallButton({ className, iconSize }: { className: string; iconSize?: number }) {
  return (
    <a className={className} href={`tel:+${SITE.phoneDigits}`}>
      <Icon name="phone" size={iconSize} /> <span dir="ltr">{SITE.phone}</span>
    </a>
  );
}
