import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { responsiveImage } from "../../lib/images";
import { carSlug } from "../../lib/slug";
import { plainFormatters } from "../../lib/localeFormat";
import { useFormat } from "../../lib/useFormat";
import { openWhatsapp } from "../../lib/whatsapp";
import { withTrip, type Trip, type CarAvailability } from "../search";
import { trackWhatsappClick } from "./api";
import { badgeOf, isChatDisabled } from "./bookable";
import { CarRatings } from "./CarRatings";
import { categoryKey } from "./labels";
import { OnlineTotal } from "./OnlineTotal";
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

  async function whatsapp() {
    await trackWhatsappClick(car.id);
    openWhatsapp(t("whatsapp.card", { name: car.name, brand: car.brand, price: plainFormatters(fmt.language).price(car.price) }));
  }

  let badge: string;
  if (forDates) badge = forDates.free ? t("car.available") : t(`availability.reasons.${forDates.reason ?? "booked"}`);
  else {
    const kind = badgeOf(car);
    badge = kind === "availableFrom" ? t("car.availableFrom", { date: fmt.numericDay(car.not_available_until!) }) : t(`car.${kind}`);
  }

  // Each action names its car to a screen reader ("Details — Renault Clio"): a list of cards repeats the same button texts.
  const whichCar = (
    <span className="visually-hidden">
      {" "}
      — {car.brand} {car.name}
    </span>
  );

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
        <ul className="car-specs">
          <li>
            <Icon name="seats" size={16} />
            {t("car.seatsCount", { count: car.seats })}
          </li>
          <li>
            <Icon name="gear" size={16} />
            {t(`transmissions.${car.transmission}`)}
          </li>
          <li>
            <Icon name="fuel" size={16} />
            {t(`fuels.${car.fuel}`)}
          </li>
        </ul>
        <div className="car-card-foot">
          <p className="price">
            <strong>{fmt.price(car.price)}</strong>
            <span className="muted"> / {t("car.perDay")}</span>
          </p>
        </div>
        <CarRatings car={car} compact />
        {forDates &&
          (forDates.free ? (
            <div className="car-card-deal">
              {/* The total for the dates paid at the agency (a WhatsApp request's price), then the online one. */}
              <p className="car-card-total" data-testid="car-total">
                <span>{t("availability.totalFor", { count: forDates.days })}</span> <strong>{fmt.price(forDates.total)}</strong>
              </p>
              <OnlineTotal row={forDates} className="car-card-discount small" />
              <ul className="car-card-terms small">
                {forDates.free_cancellation_until ? (
                  <li data-testid="car-free-cancellation">
                    <Icon name="check" size={14} /> {t("booking.freeCancellationUntil", { date: fmt.moment(forDates.free_cancellation_until) })}
                  </li>
                ) : (
                  <li data-testid="car-free-cancellation-over">{t("keyFacts.freeCancellationOver", { amount: fmt.price(forDates.late_cancellation_fee) })}</li>
                )}
                {forDates.deposit > 0 && <li data-testid="car-deposit">{t("availability.deposit", { amount: fmt.price(forDates.deposit) })}</li>}
              </ul>
            </div>
          ) : (
            <p className="car-card-taken" data-testid="car-taken">
              <Icon name="clock" size={16} />
              <span data-testid="car-next-free">
                {forDates.reason === "unavailable"
                  ? t("availability.notOffered")
                  : forDates.next_free
                    ? t("availability.freeFrom", { date: fmt.moment(forDates.next_free) })
                    : t("availability.noneFree")}
              </span>
            </p>
          ))}
        <div className="car-card-actions">
          {onSelect && !(forDates && !forDates.free) && (
            <button type="button" className="btn btn-primary" disabled={!bookable} onClick={() => onSelect(car)} data-testid="car-book">
              <Icon name="calendar" size={18} />
              {t("car.book")}
              {whichCar}
            </button>
          )}
          <Link className="btn btn-outline" to={withTrip(`/cars/${slug}`, trip)}>
            {t("car.details")}
            {whichCar}
          </Link>
          {/* As on the car's page: a car out of service (no return date) is not offered through WhatsApp either. */}
          <button type="button" className="btn btn-whatsapp" onClick={whatsapp} disabled={isChatDisabled(car)} data-testid="car-whatsapp">
            <Icon name="chat" size={18} />
            {t("car.whatsapp")}
            {whichCar}
          </button>
        </div>
      </div>
    </article>
  );
}
