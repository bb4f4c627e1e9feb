import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { responsiveImage } from "../../lib/images";
import { carSlug } from "../../lib/slug";
import { useFormat } from "../../lib/useFormat";
import { withTrip, type Trip, type CarAvailability } from "../search";
import { badgeOf } from "./bookable";
import { CarCardActions, CarCardDates, CarCardSpecs } from "./CarCardParts";
import { CarRatings } from "./CarRatings";
import { categoryKey } from "./labels";
import type { FleetCar } from "./types";

// Cards sit in an auto-fill grid of 280 px minimum inside a 1200 px container.
const CARD_SIZES = "(min-width: 1240px) 390px, (min-width: 620px) 50vw, 100vw";

/**
 * A car of the fleet. With a searched trip and the database's answer for it
 * (`availability`), the card shows the total for those dates before any
 * discount, the pay-online discount as its own line with its condition, until
 * when cancelling is free and the deposit — or that the car is taken and from
 * when it is free, with no book button.
 */
export function CarCard({
  car,
  onSelect,
  headingLevel = 3,
  trip = null,
  availability,
}: {
  car: FleetCar;
  onSelect?: (car: FleetCar) => void;
  headingLevel?: 2 | 3;
  trip?: Trip | null;
  availability?: CarAvailability | null;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const slug = carSlug(car);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const forDates = trip && availability ? availability : null;
  const bookable = forDates ? forDates.free : car.bookable;

  let badge: string;
  if (forDates) badge = forDates.free ? t("car.available") : t(`availability.reasons.${forDates.reason ?? "booked"}`);
  else {
    const kind = badgeOf(car);
    badge = kind === "availableFrom" ? t("car.availableFrom", { date: fmt.numericDay(car.not_available_until!) }) : t(`car.${kind}`);
  }

  return (
    <article className={`car-card${forDates && !forDates.free ? " is-taken" : ""}`} data-testid="car-card" data-slug={slug} data-free={forDates ? String(forDates.free) : undefined}>
      <div className="car-card-media">
        <img {...responsiveImage(car.image, "16:10", CARD_SIZES)} alt={t("car.imageAlt", { brand: car.brand, name: car.name })} width="400" height="250" loading="lazy" decoding="async" />
        <span className={`badge ${bookable ? "badge-ok" : "badge-off"}`} data-testid="car-badge">
          {badge}
        </span>
      </div>
      <div className="car-card-body">
        <div className="car-card-head">
          <Heading className="car-card-title">
            <Link to={withTrip(`/cars/${slug}`, trip)}>
              <bdi>
                {car.brand} {car.name}
              </bdi>
            </Link>
          </Heading>
          <p className="muted">
            {car.brand} · {t(categoryKey(car.category))}
          </p>
        </div>
        <CarCardSpecs car={car} />
        <div className="car-card-foot">
          <p className="price">
            <strong>{fmt.price(car.price)}</strong>
            <span className="muted"> / {t("car.perDay")}</span>
          </p>
        </div>
        <CarRatings car={car} compact />
        {forDates && <CarCardDates forDates={forDates} />}
        <CarCardActions car={car} slug={slug} trip={trip} bookable={bookable} taken={forDates !== null && !forDates.free} onSelect={onSelect} />
      </div>
    </article>
  );
}
