import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Icon } from "../../components/Icon";
import { Section } from "../../components/sections";
import { ScrollTopButton } from "../../components/ui";
import { FIGURES } from "../../config/site";
import { todayISO } from "../../lib/format";
import { useFormat } from "../../lib/useFormat";
import { usePageMeta } from "../../lib/usePageMeta";
import { useSearchParamsAfterHydration } from "../../lib/useHydrated";
import { parseTrip, useRentalRules, validateTrip, type Trip } from "../search";
import { AvailabilityCalendar } from "./AvailabilityCalendar";
import { showsUnavailableUntil } from "./bookable";
import { CarAbout, CarInfoTabs } from "./CarAbout";
import { CarCard } from "./CarCard";
import { CarHero } from "./CarHero";
import { CarMedia, useCarGallery } from "./CarMedia";
import { Lightbox } from "./Lightbox";
import { DetailSkeleton } from "./DetailSkeleton";
import { carImagesQuery, carQuery, suggestionsQuery } from "./queries";
import { TripStatus } from "./TripStatus";
import type { FleetCar } from "./types";

/** A new slug is a new page: remounting resets every piece of state. */
export default function CarDetailPage() {
  const { slug } = useParams();
  return <CarDetail key={slug} slug={slug} />;
}

/**
 * The searched trip (from a card or the search), handed on to the wizard when valid. The
 * rules are read only to check it: without one, the page is not rendered again, in one
 * piece, when they arrive.
 */
function useSearchedTrip(): Trip | null {
  const [params] = useSearchParamsAfterHydration();
  const query = params.toString();
  const rules = useRentalRules(query !== "");
  return useMemo(() => {
    const found = parseTrip(new URLSearchParams(query));
    return found && Object.keys(validateTrip(found, todayISO(), rules)).length === 0 ? found : null;
  }, [query, rules]);
}

function CarDetail({ slug }: { slug: string | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const trip = useSearchedTrip();
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
  const gallery = useCarGallery(car, images);

  if (!result) return <DetailSkeleton />;
  if (!car) return <CarNotFound error={result.error} />;

  // Bookable today (the database's display rule), or, with searched dates, a car
  // in service: the wizard checks those dates with the database at step 1.
  const bookable = car.bookable || (trip !== null && car.available);

  return (
    <>
      <CarHero car={car} trip={trip} bookable={bookable} />
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
            <CarMedia gallery={gallery} available={car.available} onOpen={setLightbox} />
            <CarAbout car={car} served={!result.fromFallback} />
          </div>
          {!result.fromFallback && <AvailabilityCalendar carId={car.id} />}
          <CarInfoTabs category={car.category} />
          <p className="muted small">{t("car.arriveEarly", { count: FIGURES.arriveEarlyMinutes })}</p>
        </div>
      </section>
      <CarSuggestions cars={suggestions} trip={trip} />
      {lightbox !== null && <Lightbox images={gallery} index={lightbox} onIndex={setLightbox} onClose={() => setLightbox(null)} />}
      <ScrollTopButton mobileOnly />
    </>
  );
}

function CarNotFound({ error }: { error: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="container section center not-found" data-testid="car-not-found">
      <h1>{t("car.notFound")}</h1>
      <p className="muted">{t(`car.errors.${error ?? "notFound"}`)}</p>
      <Link to="/vehicles" className="btn btn-primary">
        {t("car.backToFleet")}
      </Link>
    </section>
  );
}

/** Up to four other cars, carrying the searched trip on. */
function CarSuggestions({ cars, trip }: { cars: FleetCar[]; trip: Trip | null }) {
  const { t } = useTranslation();
  if (cars.length === 0) return null;
  return (
    <Section titleId="suggest-title" title={t("car.suggestions")} alt plain>
      <div className="car-grid">
        {cars.slice(0, 4).map((c) => (
          <CarCard key={c.id} car={c} trip={trip} />
        ))}
      </div>
    </Section>
  );
}
