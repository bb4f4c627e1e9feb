import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { scrollToId } from "../../components/AnchorLink";
import { Icon } from "../../components/Icon";
import { carSlug } from "../../lib/slug";
import { plainFormatters } from "../../lib/localeFormat";
import { useFormat } from "../../lib/useFormat";
import { openWhatsapp } from "../../lib/whatsapp";
import { withTrip, type Trip } from "../search";
import { trackWhatsappClick } from "./api";
import { isChatDisabled } from "./bookable";
import { CarRatings } from "./CarRatings";
import { categoryKey } from "./labels";
import type { FleetCar } from "./types";

/** The car page's banner: name, rating, price and the ways to book or ask. */
export function CarHero({ car, trip, bookable }: { car: FleetCar; trip: Trip | null; bookable: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();

  async function chat() {
    await trackWhatsappClick(car.id);
    openWhatsapp(t("whatsapp.detail", { name: `${car.brand} ${car.name}`, price: plainFormatters(fmt.language).price(car.price) }));
  }

  return (
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
          <button type="button" className="btn btn-whatsapp btn-lg" onClick={chat} disabled={isChatDisabled(car)}>
            <Icon name="chat" /> {t("car.whatsapp")}
          </button>
          <button type="button" className="btn btn-ghost-light btn-lg" onClick={() => scrollToId("details")}>
            {t("car.seeDescription")}
          </button>
        </div>
      </div>
    </section>
  );
}
