import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { Stars } from "../../components/ui";
import { useFormat } from "../../lib/useFormat";
import type { FleetCar } from "./types";

type Rated = Pick<FleetCar, "rating" | "review_count" | "rating_source" | "traveller_rating" | "traveller_review_count">;

/**
 * A car's two ratings, never mixed: the travellers' (the approved reviews left
 * on this site, figures the database keeps: docs/reviews.md) and the one the
 * agency declares with its source ("Google · 4,6 · 214 avis"). `compact` (the
 * cards) says nothing when no traveller has rated the car yet.
 */
export function CarRatings({ car, compact = false }: { car: Rated; compact?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const travellers = car.traveller_review_count > 0 && car.traveller_rating !== null ? car.traveller_rating : null;
  return (
    <div className={`car-ratings${compact ? " is-compact" : ""}`}>
      {travellers !== null ? (
        <p className="car-rating-travellers" data-testid="traveller-rating" data-rating={travellers} data-count={car.traveller_review_count}>
          <Stars rating={travellers} size={compact ? 14 : 16} />
          <span>
            <strong>{fmt.number(travellers)}</strong> · {t("car.travellerReviews", { count: car.traveller_review_count })}
          </span>
        </p>
      ) : (
        !compact && (
          <p className="car-rating-travellers" data-testid="traveller-rating" data-count="0">
            {t("car.noTravellerReviews")}
          </p>
        )
      )}
      <p className="car-rating-declared" data-testid="declared-rating">
        <Icon name="star" size={12} className="star-on" />
        {car.rating_source ? (
          <span>
            <span className="visually-hidden">{t("car.declaredFrom")} </span>
            <bdi>{car.rating_source}</bdi>
          </span>
        ) : (
          <span>{t("car.declaredByAgency")}</span>
        )}
        <span>
          {" · "}
          {fmt.number(car.rating)}
          {car.review_count > 0 && <> · {t("car.reviews", { count: car.review_count })}</>}
        </span>
      </p>
    </div>
  );
}
