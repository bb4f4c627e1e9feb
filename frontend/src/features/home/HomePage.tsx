import { ltr, todayISO } from "../../lib/format";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AnchorLink } from "../../components/AnchorLink";
import { Icon, type IconName } from "../../components/Icon";
import { Faq, FeatureCard, Spinner, StatGrid, type FaqItem } from "../../components/ui";
import { SITE } from "../../config/site";
import { carSlug } from "../../lib/slug";
import { tList } from "../../lib/tList";
import { usePageMeta } from "../../lib/usePageMeta";
import { latestPostsQuery, PostCard } from "../blog";
import { CarCard, FilterPanel, DEFAULT_FILTERS, filterCars, type FilterState, useFleet, type Car } from "../cars";
import { ContactForm } from "../contact";
import { TripSearchForm, defaultTrip, tripQuery } from "../search";
import { useFormat } from "../../lib/useFormat";
import { localFigures } from "../../lib/figures";

const HOME_LIMIT = 6;
const BADGES: { icon: IconName; key: string }[] = [
  { icon: "sparkle", key: "recent" },
  { icon: "clock", key: "support" },
  { icon: "shield", key: "insurance" },
  { icon: "car", key: "delivery" },
];
const PERKS: IconName[] = ["infinity", "shield", "clock", "plane", "tag", "heart"];

export default function HomePage() {
  const { t } = useTranslation();
  const figures = localFigures(useFormat());
  const navigate = useNavigate();
  usePageMeta(t("meta.home.title"), t("meta.home.description"), "/");
  const { cars, loading } = useFleet();
  const [filters, setFilters] = useState<FilterState>({ ...DEFAULT_FILTERS });
  const matching = useMemo(() => filterCars(cars, filters), [cars, filters]);
  const { data: posts } = useQuery(latestPostsQuery);

  const select = (car: Car) => navigate(`/booking/${carSlug(car)}`);
  const testimonials = tList<{ name: string; origin: string; text: string }>(t, "home.testimonials");
  const perks = tList<{ title: string; text: string }>(t, "home.perks");
  const faq = tList<FaqItem>(t, "home.faq");

  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">
            <Icon name="plane" size={16} /> {t("home.hero.eyebrow")}
          </p>
          <h1>{t("home.hero.title")}</h1>
          <p className="lead">{t("home.hero.subtitle")}</p>
          <TripSearchForm variant="hero" initial={defaultTrip(todayISO())} onSearch={(trip) => navigate(`/vehicles?${tripQuery(trip)}`)} />
          <p className="hero-description">{t("home.hero.description")}</p>
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
            <a className="btn btn-ghost-light btn-lg" href={`tel:+${SITE.phoneDigits}`}>
              <Icon name="phone" size={18} /> <span dir="ltr">{SITE.phone}</span>
            </a>
          </div>
        </div>
      </section>

      <section id="vehicles" className="section" aria-labelledby="vehicles-title">
        <div className="container">
          <div className="section-head">
            <h2 id="vehicles-title">{t("home.vehicles.title")}</h2>
            <p className="muted">{t("home.vehicles.subtitle")}</p>
          </div>
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
        </div>
      </section>

      <section id="why-us" className="section section-alt" aria-labelledby="why-title">
        <div className="container">
          <div className="section-head">
            <h2 id="why-title">{t("home.why.title")}</h2>
            <p className="muted">{t("home.why.subtitle")}</p>
          </div>
          <div className="feature-grid">
            {perks.map((p, i) => (
              <FeatureCard key={p.title} icon={PERKS[i % PERKS.length]!} title={p.title} text={p.text} />
            ))}
          </div>
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

      <section className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <div className="section-head">
            <h2 id="testimonials-title">{t("home.testimonialsTitle")}</h2>
          </div>
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
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="faq-title">
        <div className="container narrow">
          <div className="section-head">
            <h2 id="faq-title">{t("home.faqTitle")}</h2>
          </div>
          <Faq items={faq} idPrefix="home-faq" initiallyOpen={0} />
        </div>
      </section>

      <section id="contact" className="section" aria-labelledby="contact-title">
        <div className="container contact-layout">
          <div>
            <h2 id="contact-title">{t("home.contact.title")}</h2>
            <p className="muted">{t("home.contact.subtitle")}</p>
            <ul className="contact-details">
              <li>
                <Icon name="phone" />
                <a href={`tel:+${SITE.phoneDigits}`} dir="ltr">
                  {SITE.phone}
                </a>
              </li>
              <li>
                <Icon name="mail" />
                <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
              </li>
              <li>
                <Icon name="pin" />
                <span>{t("common.address")}</span>
              </li>
              <li>
                <Icon name="clock" />
                <span>{t("common.hours", { hours: ltr(SITE.openingHours) })}</span>
              </li>
            </ul>
          </div>
          <ContactForm variant="home" />
        </div>
      </section>

      {posts && posts.length > 0 && (
        <section className="section section-alt" aria-labelledby="blog-title">
          <div className="container">
            <div className="section-head">
              <h2 id="blog-title">{t("home.blogTitle")}</h2>
              <Link to="/blog" className="read-more">
                {t("home.blogAll")} <Icon name="chevronEnd" size={16} className="flip-rtl" />
              </Link>
            </div>
            <div className="post-grid">
              {posts.map((p) => (
                <PostCard key={p.id} post={p} />
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}
