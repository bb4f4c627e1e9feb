import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { Stars } from "../../components/ui";
import { formatDate, formatPrice } from "../../lib/format";
import { thumbnailUrl } from "../../lib/images";
import { carSlug } from "../../lib/slug";
import { openWhatsapp } from "../booking/whatsapp";
import { trackWhatsappClick } from "./api";
import { isBookable } from "./bookable";
import { categoryKey } from "./labels";
import type { Car } from "./types";

export function CarCard({ car, onSelect, headingLevel = 3 }: { car: Car; onSelect?: (car: Car) => void; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const slug = carSlug(car);
  const bookable = isBookable(car);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  async function whatsapp() {
    await trackWhatsappClick(car.id);
    openWhatsapp(t("whatsapp.card", { name: car.name, brand: car.brand, price: formatPrice(car.price) }));
  }

  let badge = t("car.available");
  if (!car.available) badge = t("car.unavailable");
  else if (!bookable && car.not_available_until) badge = t("car.availableFrom", { date: formatDate(car.not_available_until) });

  return (
    <article className="car-card" data-testid="car-card">
      <div className="car-card-media">
        <img src={thumbnailUrl(car.image, 800, 500)} alt={t("car.imageAlt", { brand: car.brand, name: car.name })} width="400" height="250" loading="lazy" decoding="async" />
        <span className={`badge ${bookable ? "badge-ok" : "badge-off"}`}>{badge}</span>
        <span className="car-card-rating">
          <Icon name="star" size={14} className="star-on" />
          {String(car.rating).replace(".", ",")}
        </span>
      </div>
      <div className="car-card-body">
        <div className="car-card-head">
          <Heading className="car-card-title">
            <Link to={`/cars/${slug}`}>
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
            <strong>{formatPrice(car.price)}</strong>
            <span className="muted"> / {t("car.perDay")}</span>
          </p>
          <Stars rating={car.rating} size={14} />
        </div>
        <div className="car-card-actions">
          {onSelect && (
            <button type="button" className="btn btn-primary" disabled={!bookable} onClick={() => onSelect(car)}>
              <Icon name="calendar" size={18} />
              {t("car.book")}
            </button>
          )}
          <Link className="btn btn-outline" to={`/cars/${slug}`}>
            {t("car.details")}
            <span className="visually-hidden">
              {" "}
              — {car.brand} {car.name}
            </span>
          </Link>
          <button type="button" className="btn btn-whatsapp" onClick={whatsapp}>
            <Icon name="chat" size={18} />
            {t("car.whatsapp")}
            <span className="visually-hidden">
              {" "}
              — {car.brand} {car.name}
            </span>
          </button>
        </div>
      </div>
    </article>
  );
}
