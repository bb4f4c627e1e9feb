import { todayISO } from "../../lib/format";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AnchorLink } from "../../components/AnchorLink";
import { Icon, type IconName } from "../../components/Icon";
import { CallButton, ContactDetails, FeatureGrid, FigureStats, Section } from "../../components/sections";
import { Faq, type FaqItem } from "../../components/ui";
import { Spinner } from "../../components/Spinner";
import { carSlug } from "../../lib/slug";
import { tList } from "../../lib/tList";
import { usePageMeta } from "../../lib/usePageMeta";
import { latestPostsQuery, PostCard } from "../blog";
import { CarCard, FilterPanel, DEFAULT_FILTERS, useFilteredFleet, useTermsVars, type Car } from "../cars";
import { ContactForm } from "../contact";
import { TripSearchForm, defaultTrip, tripQuery } from "../search";

const HOME_LIMIT = 6;
const BADGES: { icon: IconName; key: string }[] = [
  { icon: "sparkle", key: "recent" },
  { icon: "clock", key: "support" },
  { icon: "shield", key: "insurance" },
  { icon: "car", key: "delivery" },
];
const PERKS: IconName[] = ["infinity", "shield", "clock", "plane", "tag", "heart"];

/**
 * The home page, section by section: each section is a component of its own so that
 * React, which hydrates a page in slices the browser can interrupt, can pause between
 * them (the page in one component was one of hydration's longest pieces on a phone).
 */
export default function HomePage() {
  const { t } = useTranslation();
  usePageMeta(t("meta.home.title"), t("meta.home.description", useTermsVars()), "/");
  return (
    <>
      <Hero />
      <Fleet />
      <WhyUs />
      <Testimonials />
      <HomeFaq />
      <Contact />
      <LatestPosts />
    </>
  );
}

function Hero() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const terms = useTermsVars();
  return (
    <section className="hero">
      <div className="container hero-inner">
        <p className="eyebrow">
          <Icon name="plane" size={16} /> {t("home.hero.eyebrow")}
        </p>
        <h1>{t("home.hero.title")}</h1>
        <p className="lead">{t("home.hero.subtitle")}</p>
        <TripSearchForm variant="hero" initial={defaultTrip(todayISO())} onSearch={(trip) => navigate(`/vehicles?${tripQuery(trip)}`)} />
        <p className="hero-description">{t("home.hero.description", terms)}</p>
        <ul className="hero-badges">
          {BADGES.map((b) => (
            <li key={b.key}>
              <Icon name={b.icon} size={18} />
              {t(`home.hero.badges.${b.key}`)}
            </li>
          ))}
        </ul>
        <div className="hero-actions">
          <AnchorLink to="/#vehicles" className="btn btn-accent btn-lg">
            {t("home.hero.cta")}
          </AnchorLink>
          <CallButton className="btn btn-ghost-light btn-lg" iconSize={18} />
        </div>
      </div>
    </section>
  );
}

function Fleet() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loading, filters, setFilters, matching } = useFilteredFleet();
  const select = (car: Car) => navigate(`/booking/${carSlug(car)}`);
  return (
    <Section head id="vehicles" titleId="vehicles-title" title={t("home.vehicles.title")} subtitle={t("home.vehicles.subtitle")}>
      <FilterPanel value={filters} onChange={setFilters} onReset={() => setFilters({ ...DEFAULT_FILTERS })} />
      {loading ? (
        <Spinner label={t("fleet.loading")} />
      ) : (
        <>
          <p className="results-count" aria-live="polite" data-testid="results-count">
            {t("fleet.count", { count: matching.length })}
          </p>
          {matching.length === 0 ? (
            <p className="empty">{t("fleet.empty")}</p>
          ) : (
            <div className="car-grid">
              {matching.slice(0, HOME_LIMIT).map((car) => (
                <CarCard key={car.id} car={car} onSelect={select} />
              ))}
            </div>
          )}
          {matching.length > HOME_LIMIT && (
            <p className="center">
              <Link to="/vehicles" className="btn btn-outline btn-lg" data-testid="view-all">
                {t("home.vehicles.viewAll", { count: matching.length })}
              </Link>
            </p>
          )}
        </>
      )}
    </Section>
  );
}

function WhyUs() {
  const { t } = useTranslation();
  const perks = tList<{ title: string; text: string }>(t, "home.perks", useTermsVars());
  return (
    <Section head alt id="why-us" titleId="why-title" title={t("home.why.title")} subtitle={t("home.why.subtitle")}>
      <FeatureGrid items={perks} icons={PERKS} />
      <FigureStats figures={["vehicles", "customers", "satisfaction", "rating"]} />
    </Section>
  );
}

function Testimonials() {
  const { t } = useTranslation();
  const testimonials = tList<{ name: string; origin: string; text: string }>(t, "home.testimonials");
  return (
    <Section head titleId="testimonials-title" title={t("home.testimonialsTitle")}>
      <div className="testimonial-grid">
        {testimonials.map((x) => (
          <figure key={x.name} className="testimonial">
            <blockquote>
              <p>{x.text}</p>
            </blockquote>
            <figcaption>
              <strong>{x.name}</strong>
              <span className="muted">{x.origin}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}

function HomeFaq() {
  const { t } = useTranslation();
  const faq = tList<FaqItem>(t, "home.faq", useTermsVars());
  return (
    <Section head alt container="narrow" titleId="faq-title" title={t("home.faqTitle")}>
      <Faq items={faq} idPrefix="home-faq" initiallyOpen={0} />
    </Section>
  );
}

function Contact() {
  const { t } = useTranslation();
  return (
    <section id="contact" className="section" aria-labelledby="contact-title">
      <div className="container contact-layout">
        <div>
          <h2 id="contact-title">{t("home.contact.title")}</h2>
          <p className="muted">{t("home.contact.subtitle")}</p>
          <ContactDetails lines={["phone", "mail", "address", "hours"]} />
        </div>
        <ContactForm variant="home" />
      </div>
    </section>
  );
}

function LatestPosts() {
  const { t } = useTranslation();
  const { data: posts } = useQuery(latestPostsQuery);
  if (!posts || posts.length === 0) return null;
  return (
    <Section
      head
      alt
      titleId="blog-title"
      title={t("home.blogTitle")}
      aside={
        <Link to="/blog" className="read-more">
          {t("home.blogAll")} <Icon name="chevronEnd" size={16} className="flip-rtl" />
        </Link>
      }
    >
      <div className="post-grid">
        {posts.map((p) => (
          <PostCard key={p.id} post={p} />
        ))}
      </div>
    </Section>
  );
}
