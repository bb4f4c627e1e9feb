import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { carSlug } from "../../lib/slug";
import { useFormat } from "../../lib/useFormat";
import { loadCategory, type FleetCar } from "../cars";
import { fetchAvailability, pickupMoment, returnMoment, withTrip, type Trip, conflictLines, type Conflict, HOLD_LIMIT_CODES } from "../search";

interface Alternative {
  car: FleetCar;
  days: number;
  total: number;
}

/** Cars of the same category free for the trip, with their totals (car_availability). */
async function loadAlternatives(car: FleetCar, trip: Trip): Promise<Alternative[]> {
  const [cars, rows] = await Promise.all([loadCategory(car.category), fetchAvailability(pickupMoment(trip), returnMoment(trip))]);
  if (!rows) return [];
  const byCar = new Map(rows.map((r) => [r.car_id, r]));
  return cars.flatMap((c) => {
    const row = byCar.get(c.id);
    return c.id !== car.id && row?.free ? [{ car: c, days: row.days, total: row.total }] : [];
  });
}

function Alternatives({ car, trip }: { car: FleetCar; trip: Trip }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data: list = null } = useQuery({
    queryKey: ["booking", "alternatives", car.id, car.category, pickupMoment(trip), returnMoment(trip)],
    queryFn: () => loadAlternatives(car, trip),
    // Free cars change with every booking: asked again each time the notice shows.
    staleTime: 0,
  });

  return (
    <section className="alternatives" aria-labelledby="alternatives-title" data-testid="alternatives">
      <h3 id="alternatives-title">{t("reservation.alternativesTitle")}</h3>
      {list === null ? (
        <p className="muted small" role="status">
          {t("reservation.alternativesLoading")}
        </p>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="alternatives-none">
          {t("reservation.alternativesNone")}
        </p>
      ) : (
        <ul className="alternative-list">
          {list.map((a) => (
            <li key={a.car.id} className="alternative" data-testid="alternative" data-slug={carSlug(a.car)}>
              <span className="alternative-name">
                <bdi>
                  {a.car.brand} {a.car.name}
                </bdi>
              </span>
              <span className="alternative-total">
                {t("availability.totalFor", { count: a.days })} <strong data-testid="alternative-total">{fmt.price(a.total)}</strong>
              </span>
              <Link className="btn btn-primary btn-sm" to={withTrip(`/booking/${carSlug(a.car)}`, trip)}>
                {t("reservation.bookThis")}
                <span className="visually-hidden">
                  {" "}
                  — {a.car.brand} {a.car.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={withTrip("/vehicles", trip)} className="read-more">
          {t("reservation.seeAll")} <Icon name="chevronEnd" size={16} className="flip-rtl" />
        </Link>
      </p>
    </section>
  );
}

/**
 * The database's refusal of these dates, in the visitor's language: why, when
 * the car is free again (optionally a button to take it then), and the other
 * free cars of its category for the same dates. It appears where the
 * traveller is not looking (the race is lost at the pay buttons, at the foot of a
 * phone's screen): it scrolls itself into view and takes the focus, so it is seen
 * and a screen reader reads it. The database's code stays in data-code, for the
 * agency's tools, not in the traveller's text.
 */
export function ConflictNotice({
  conflict,
  car,
  trip,
  onUseNextFree,
}: {
  conflict: Conflict;
  car: FleetCar;
  trip: Trip;
  onUseNextFree?: (nextFree: string) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [reason, ...more] = conflictLines(conflict, t, fmt);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = alert.current;
    if (!el) return;
    el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
  }, [conflict]);
  return (
    <div className="conflict" data-testid="booking-conflict" data-code={conflict.code}>
      <div className="alert alert-error" role="alert" tabIndex={-1} ref={alert} data-testid="conflict-alert">
        <p>
          <strong data-testid="conflict-reason">{reason}</strong>
        </p>
        {more.map((line) => (
          <p key={line} data-testid="conflict-next-free">
            {line}
          </p>
        ))}
        {onUseNextFree && conflict.nextFree && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => onUseNextFree(conflict.nextFree!)} data-testid="use-next-free">
            {t("reservation.useNextFree", { date: fmt.moment(conflict.nextFree) })}
          </button>
        )}
      </div>
      {!HOLD_LIMIT_CODES.includes(conflict.code) && <Alternatives car={car} trip={trip} />}
    </div>
  );
}
