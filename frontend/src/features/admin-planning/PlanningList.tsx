import { BookingHold, BookingStatusBadge, normalizeBookingStatus } from "../admin-booking-core";
import { IconWrench, useAdminTranslation } from "../admin-kit";
import { CarAvailability, CarHeading } from "./CarAvailability";
import { blockDates, blockText, bookingDates, bookingText } from "./labels";
import type { CarItems } from "./planningView";
import type { CarBlock, PlanBooking, PlanCar } from "./types";

type Row = CarItems<PlanCar, PlanBooking, CarBlock>;

interface Props {
  rows: Row[];
  now: Date;
  today: string;
  onOpenBooking: (b: PlanBooking) => void;
  onOpenBlock: (k: CarBlock) => void;
}

/**
 * The planning on a phone: a list per car of what happens in the window
 * (blocks and bookings in date order), the cars free all along named at the end.
 * Nothing scrolls sideways.
 */
export function PlanningList({ rows, now, today, onOpenBooking, onOpenBlock }: Props) {
  const { t } = useAdminTranslation();
  const busy = rows.filter((r) => r.bookings.length + r.blocks.length > 0);
  const free = rows.filter((r) => r.bookings.length + r.blocks.length === 0);
  return (
    <div className="adm-plan-list" data-testid="planning-list">
      {busy.length > 0 && (
        <ul className="adm-plan-list__cars">
          {busy.map((row) => {
            const nameId = `adm-plan-list-car-${row.car.id}`;
            const items = [
              ...row.blocks.map((k) => ({ at: k.start_date, key: `k${k.id}`, node: <BlockCard k={k} onOpen={onOpenBlock} /> })),
              ...row.bookings.map((b) => ({ at: `${b.start_date ?? ""}T${b.pickup_time ?? ""}`, key: `b${b.id}`, node: <BookingCard b={b} now={now} onOpen={onOpenBooking} /> })),
            ].sort((a, b) => a.at.localeCompare(b.at));
            return (
              <li key={row.car.id} className="adm-plan-list__car" data-testid="planning-row" data-car-id={row.car.id}>
                <CarHeading car={row.car} today={today} nameId={nameId} className="adm-plan-list__head" detailClass="adm-muted" />
                <ul className="adm-plan-list__items" aria-labelledby={nameId}>
                  {items.map((i) => (
                    <li key={i.key}>{i.node}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      {free.length > 0 && (
        <section className="adm-plan-list__free" aria-labelledby="adm-plan-free">
          <h2 id="adm-plan-free" className="adm-plan-list__free-title">
            {t("planning.freeCars", { count: free.length })}
          </h2>
          <ul className="adm-plan-list__free-cars">
            {free.map((r) => (
              <li key={r.car.id}>
                {r.car.name} <CarAvailability car={r.car} today={today} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function BookingCard({ b, now, onOpen }: { b: PlanBooking; now: Date; onOpen: (b: PlanBooking) => void }) {
  const status = normalizeBookingStatus(b.status);
  return (
    <button
      type="button"
      className={`adm-plan-card adm-plan-card--${status}`}
      onClick={() => onOpen(b)}
      data-testid="plan-booking"
      data-booking-id={b.id}
      data-status={status}
    >
      <span className="visually-hidden">{bookingText(b, now)}</span>
      <span className="adm-plan-card__body" aria-hidden="true">
        <strong className="adm-plan-card__title">{b.customer_name}</strong>
        <span className="adm-plan-card__dates">{bookingDates(b)}</span>
        <BookingStatusBadge status={b.status} />
        <BookingHold booking={b} now={now} />
      </span>
    </button>
  );
}

function BlockCard({ k, onOpen }: { k: CarBlock; onOpen: (k: CarBlock) => void }) {
  const { t } = useAdminTranslation();
  return (
    <button type="button" className="adm-plan-card adm-plan-card--block" onClick={() => onOpen(k)} data-testid="plan-block" data-block-id={k.id}>
      <span className="visually-hidden">{blockText(k)}</span>
      <span className="adm-plan-card__body" aria-hidden="true">
        <strong className="adm-plan-card__title">
          <IconWrench size={14} /> {t("planning.maintenance")} : {k.reason}
        </strong>
        <span className="adm-plan-card__dates">{blockDates(k)}</span>
      </span>
    </button>
  );
}
