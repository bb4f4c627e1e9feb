import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { plainFormatters } from "../../lib/localeFormat";
import { useFormat } from "../../lib/useFormat";
import { openWhatsapp } from "../../lib/whatsapp";
import { withTrip, type Trip, type CarAvailability } from "../search";
import { trackWhatsappClick } from "./api";
import { isChatDisabled } from "./bookable";
import { OnlineTotal } from "./OnlineTotal";
import type { FleetCar } from "./types";

// The parts of a fleet card (CarCard.tsx).

/** Seats, gearbox and fuel. */
export function CarCardSpecs({ car }: { car: FleetCar }) {
  const { t } = useTranslation();
  return (
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
  );
}

/**
 * A free car's total for the searched dates, its online discount, until when
 * cancelling is free and the deposit; a taken car's reason and when it is free.
 */
export function CarCardDates({ forDates }: { forDates: CarAvailability }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return forDates.free ? (
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
  );
}

interface ActionsProps {
  car: FleetCar;
  slug: string;
  trip: Trip | null;
  /** Bookable now, or free for the searched dates. */
  bookable: boolean | null;
  /** Taken for the searched dates: no book button. */
  taken: boolean;
  onSelect?: (car: FleetCar) => void;
}

/** Book, details and WhatsApp, each naming its car to a screen reader. */
export function CarCardActions({ car, slug, trip, bookable, taken, onSelect }: ActionsProps) {
  const { t } = useTranslation();
  const fmt = useFormat();

  async function whatsapp() {
    await trackWhatsappClick(car.id);
    openWhatsapp(t("whatsapp.card", { name: car.name, brand: car.brand, price: plainFormatters(fmt.language).price(car.price) }));
  }

  // Each action names its car to a screen reader ("Details — Renault Clio"): a list of cards repeats the same button texts.
  const whichCar = (
    <span className="visually-hidden">
      {" "}
      — {car.brand} {car.name}
    </span>
  );

  return (
    <div className="car-card-actions">
      {onSelect && !taken && (
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
  );
}
