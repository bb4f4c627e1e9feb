import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { scrollToId } from "../../components/AnchorLink";
import { Icon } from "../../components/Icon";
import { Tabs } from "../../components/Tabs";
import { Section } from "../../components/sections";
import { Faq, ScrollTopButton, type FaqItem } from "../../components/ui";
import { FIGURES } from "../../config/site";
import { todayISO } from "../../lib/format";
import { responsiveImage, thumbnailUrl } from "../../lib/images";
import { carSlug } from "../../lib/slug";
import { tList } from "../../lib/tList";
import { plainFormatters } from "../../lib/localeFormat";
import { useFormat } from "../../lib/useFormat";
import { usePageMeta } from "../../lib/usePageMeta";
import { useSearchParamsAfterHydration } from "../../lib/useHydrated";
import { parseTrip, useRentalRules, validateTrip, withTrip } from "../search";
import { useTermsVars } from "./termsText";
import { openWhatsapp } from "../../lib/whatsapp";
import { trackWhatsappClick } from "./api";
import { AvailabilityCalendar } from "./AvailabilityCalendar";
import { isChatDisabled, showsUnavailableUntil } from "./bookable";
import { CarCard } from "./CarCard";
import { CarKeyFacts } from "./CarKeyFacts";
import { CarRatings } from "./CarRatings";
import { categoryKey } from "./labels";
import { Lightbox, type LightboxImage } from "./Lightbox";
import { localized } from "../../lib/translated";
import { useLanguage } from "../../lib/LanguageProvider";
import { contentAttrs, InFrenchNote } from "../../components/InFrench";
import { DetailSkeleton } from "./DetailSkeleton";
import { carImagesQuery, carQuery, suggestionsQuery } from "./queries";
import { TripStatus } from "./TripStatus";

/** A new slug is a new page: remounting resets every piece of state. */
export default function CarDetailPage() {
  const { slug } = useParams();
  return <CarDetail key={slug} slug={slug} />;
}

function CarDetail({ slug }: { slug: string | undefined }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const fmt = useFormat();
  const [params] = useSearchParamsAfterHydration();
  const query = params.toString();
  // The searched trip (from a card or the search) is handed on to the wizard. The
  // rules are read only to check it: without one, the page is not rendered again, in
  // one piece, when they arrive.
  const rules = useRentalRules(query !== "");
  const trip = useMemo(() => {
    const found = parseTrip(new URLSearchParams(query));
    return found && Object.keys(validateTrip(found, todayISO(), rules)).length === 0 ? found : null;
  }, [query, rules]);
  const { data: result } = useQuery(carQuery(slug));
  // The gallery and suggestions of a car the server has (not of a sample one).
  const served = result?.car && !result.fromFallback ? result.car : null;
  const { data: images = [] } = useQuery(carImagesQuery(served?.id ?? null));
  const { data: suggestions = [] } = useQuery(suggestionsQuery(served));
  const [lightbox, setLightbox] = useState<number | null>(null);

  const car = result?.car ?? null;
  usePageMeta(
    car ? t("meta.car.title", { brand: car.brand, name: car.name }) : result ? t("car.notFound") : undefined,
    car ? t("meta.car.description", { brand: car.brand, name: car.name, price: fmt.price(car.price) }) : undefined,
    `/cars/${slug ?? ""}`,
    car?.image,
  );
  // The FAQ states this car's category's terms (rental_terms()).
  const terms = useTermsVars(car?.category);

  if (!result) return <DetailSkeleton />;
  if (!car) {
    return (
      <section className="container section center not-found" data-testid="car-not-found">
        <h1>{t("car.notFound")}</h1>
        <p className="muted">{t(`car.errors.${result.error ?? "notFound"}`)}</p>
        <Link to="/vehicles" className="btn btn-primary">
          {t("car.backToFleet")}
        </Link>
      </section>
    );
  }

  const description = localized(car.description?.trim() || null, car.translations, language, "description");
  const gallery: LightboxImage[] = [
    { src: car.image, alt: t("car.imageAlt", { brand: car.brand, name: car.name }) },
    ...images
      .filter((img) => img.image_url !== car.image)
      .map((img, i) => ({ src: img.image_url, alt: img.alt_text || t("car.galleryAlt", { brand: car.brand, name: car.name, n: i + 2 }) })),
  ];
  // Bookable today (the database's display rule), or, with searched dates, a car
  // in service: the wizard checks those dates with the database at step 1.
  const bookable = car.bookable || (trip !== null && car.available);
  const chatDisabled = isChatDisabled(car);
  const extras = [
    { key: "gps", included: car.gps_included },
    { key: "babySeat", included: car.baby_seat_included },
    { key: "secondDriver", included: car.second_driver_included },
    { key: "roadside", included: car.roadside_assistance_included },
  ];
  const requirements = tList<string>(t, "car.requirements");
  const faq = tList<FaqItem>(t, "car.faq", terms);

  async function chat() {
    if (!car) return;
    await trackWhatsappClick(car.id);
    openWhatsapp(t("whatsapp.detail", { name: `${car.brand} ${car.name}`, price: plainFormatters(fmt.language).price(car.price) }));
  }

  return (
    <>
      <section className="car-hero">
        <div className="container car-hero-inner">
          <div>
            <p className="eyebrow">
              {car.brand} · {t(categoryKey(car.category))}
            </p>
            <h1>
              <bdi>
                {car.brand} {car.name}
              </bdi>
            </h1>
            <div className="car-hero-rating">
              <CarRatings car={car} />
            </div>
            <p className="car-hero-price">
              <strong>{fmt.price(car.price)}</strong> <span>/ {t("car.perDay")}</span>
            </p>
          </div>
          <div className="hero-actions">
            {bookable && (
              <Link to={withTrip(`/booking/${carSlug(car)}`, trip)} className="btn btn-accent btn-lg" data-testid="book-now">
                <Icon name="calendar" /> {t("car.bookNow")}
              </Link>
            )}
            <button type="button" className="btn btn-whatsapp btn-lg" onClick={chat} disabled={chatDisabled}>
              <Icon name="chat" /> {t("car.whatsapp")}
            </button>
            <button type="button" className="btn btn-ghost-light btn-lg" onClick={() => scrollToId("details")}>
              {t("car.seeDescription")}
            </button>
          </div>
        </div>
      </section>

      <section id="details" className="section" aria-labelledby="details-title">
        <div className="container">
          <Link to="/" className="back-link">
            <Icon name="chevronStart" size={18} className="flip-rtl" /> {t("common.backHome")}
          </Link>
          {result.fromFallback && <p className="alert alert-info">{t("car.offlineNotice")}</p>}
          {trip && !result.fromFallback && <TripStatus car={car} trip={trip} />}
          {showsUnavailableUntil(car) && (
            <div className="alert alert-error" role="alert" data-testid="unavailable-notice">
              <p>{t("car.notAvailableUntil", { date: fmt.numericDay(car.not_available_until!) })}</p>
              <p>{t("car.bookingUnavailable")}</p>
            </div>
          )}
          <div className="detail-layout">
            <div className="detail-media">
              <button type="button" className="main-image" onClick={() => setLightbox(0)} aria-label={t("car.openGallery")} data-testid="main-image">
                <img
                  {...responsiveImage(gallery[0]!.src, "16:10", "(min-width: 1240px) 660px, (min-width: 900px) 55vw, 100vw")}
                  alt={gallery[0]!.alt}
                  width="800"
                  height="500"
                  fetchPriority="high"
                />
                {!car.available && <span className="badge badge-off badge-corner">{t("car.unavailable")}</span>}
              </button>
              {gallery.length > 1 && (
                <ul className="thumbs" aria-label={t("car.gallery")}>
                  {gallery.map((img, i) => (
                    <li key={img.src + i}>
                      <button type="button" onClick={() => setLightbox(i)} aria-label={t("car.openImage", { n: i + 1, total: gallery.length })}>
                        <img src={thumbnailUrl(img.src, 320, 200)} alt="" width="160" height="100" loading="lazy" decoding="async" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="detail-info">
              <h2 id="details-title">{t("car.description")}</h2>
              {description.value ? (
                <>
                  {/* The visitor's language when written, else the French. */}
                  <p {...contentAttrs(description)} data-testid="car-description">
                    {description.value}
                  </p>
                  <InFrenchNote of={description} />
                </>
              ) : (
                <p>{t("car.noDescription")}</p>
              )}
              <h3>{t("car.specifications")}</h3>
              <dl className="spec-list">
                {(
                  [
                    ["seats", t("car.seats"), car.seats],
                    ["gear", t("car.transmission"), t(`transmissions.${car.transmission}`)],
                    ["fuel", t("car.fuel"), t(`fuels.${car.fuel}`)],
                    ["car", t("car.category"), t(categoryKey(car.category))],
                  ] as const
                ).map(([icon, label, value]) => (
                  <div key={icon}>
                    <dt>
                      <Icon name={icon} size={18} /> {label}
                    </dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              <h3>{t("car.extrasTitle")}</h3>
              <ul className="extras-list">
                {extras.map((x) => (
                  <li key={x.key} className={x.included ? "is-included" : "is-not"}>
                    <Icon name={x.included ? "check" : "x"} size={18} />
                    <span>{t(`car.extras.${x.key}`)}</span>
                    <span className="muted small">{x.included ? t("car.included") : t("car.notIncluded")}</span>
                  </li>
                ))}
              </ul>
              {!result.fromFallback && <CarKeyFacts category={car.category} />}
            </div>
          </div>
          {!result.fromFallback && <AvailabilityCalendar carId={car.id} />}
          <Tabs
            idPrefix="car-info"
            label={t("car.infoTabs")}
            tabs={[
              {
                title: t("car.requirementsTitle"),
                content: (
                  <ul className="check-list">
                    {requirements.map((r) => (
                      <li key={r}>
                        <Icon name="check" size={18} /> {r}
                      </li>
                    ))}
                  </ul>
                ),
              },
              { title: t("car.faqTitle"), content: <Faq items={faq} idPrefix="car-faq" /> },
            ]}
          />
          <p className="muted small">{t("car.arriveEarly", { count: FIGURES.arriveEarlyMinutes })}</p>
        </div>
      </section>

      {suggestions.length > 0 && (
        <Section titleId="suggest-title" title={t("car.suggestions")} alt plain>
          <div className="car-grid">
            {suggestions.slice(0, 4).map((c) => (
              <CarCard key={c.id} car={c} trip={trip} />
            ))}
          </div>
        </Section>
      )}
      {lightbox !== null && <Lightbox images={gallery} index={lightbox} onIndex={setLightbox} onClose={() => setLightbox(null)} />}
      <ScrollTopButton mobileOnly />
    </>
  );
}
