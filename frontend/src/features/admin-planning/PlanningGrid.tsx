import type { CSSProperties, ReactNode } from "react";
import { normalizeBookingStatus } from "../admin-booking-core";
import { IconWrench, useAdminTranslation } from "../admin-kit";
import { blockText, bookingText } from "./labels";
import { assignLanes, blockSpan, bookingSpan, dayHeader, place, type CarItems, type PlanDay, type Placement } from "./planningView";
import { CarHeading } from "./CarAvailability";
import type { CarBlock, PlanBooking, PlanCar } from "./types";

type Row = CarItems<PlanCar, PlanBooking, CarBlock>;
type Item = { kind: "booking"; booking: PlanBooking } | { kind: "block"; block: CarBlock };

interface Props {
  from: string;
  days: PlanDay[];
  rows: Row[];
  now: Date;
  /** Today at the agency, "YYYY-MM-DD". */
  today: string;
  onOpenBooking: (b: PlanBooking) => void;
  onOpenBlock: (k: CarBlock) => void;
}

/** What a bar shows and says: its colour (status or block), its short label, what screen readers hear. */
interface Bar {
  key: string;
  tone: string;
  label: string;
  text: string;
  icon?: ReactNode;
  /** The test hooks of the element (data-testid, the row's id...). */
  data: Record<`data-${string}`, string | number>;
  open: () => void;
}

function blockBar(k: CarBlock, onOpen: (k: CarBlock) => void): Bar {
  const data = { "data-testid": "plan-block", "data-block-id": k.id };
  return { key: `k${k.id}`, tone: "block", label: k.reason, text: blockText(k), icon: <IconWrench size={14} />, data, open: () => onOpen(k) };
}

function bookingBar(b: PlanBooking, now: Date, onOpen: (b: PlanBooking) => void): Bar {
  const status = normalizeBookingStatus(b.status);
  const data = { "data-testid": "plan-booking", "data-booking-id": b.id, "data-status": status };
  return { key: `b${b.id}`, tone: status, label: b.customer_name, text: bookingText(b, now), data, open: () => onOpen(b) };
}

function span(item: Item) {
  // Callers only pass bookings with dates (groupByCar leaves the others out).
  return item.kind === "booking"
    ? bookingSpan({ ...item.booking, start_date: item.booking.start_date ?? "", end_date: item.booking.end_date ?? "" })
    : blockSpan(item.block);
}

function position(pl: Placement, lane: number): CSSProperties {
  return {
    insetInlineStart: `${(pl.offset * 100).toFixed(4)}%`,
    inlineSize: `${(pl.width * 100).toFixed(4)}%`,
    insetBlockStart: `calc(${lane} * var(--adm-plan-lane))`,
  };
}

/**
 * Fleet × days (desktop and tablets): one row per car, one column per day, each
 * booking and maintenance block a button placed by its start and end times.
 * Items that overlap (a block laid over a booking, a faded cancelled booking)
 * take lanes one under the other. The day grid is decoration; each button's
 * text says the customer (or the reason), the dates and the status.
 */
export function PlanningGrid({ from, days, rows, now, today, onOpenBooking, onOpenBlock }: Props) {
  const { t } = useAdminTranslation();
  const cols = { "--adm-plan-days": days.length } as CSSProperties;
  return (
    <div className="adm-plan" style={cols} data-testid="planning-grid">
      <div className="adm-plan__head" aria-hidden="true">
        <div className="adm-plan__corner">{t("planning.carColumn")}</div>
        <div className="adm-plan__days">
          {days.map((d) => {
            const h = dayHeader(d.iso);
            return (
              <div key={d.iso} className={`adm-plan__day${d.isToday ? " is-today" : ""}${d.isWeekend ? " is-weekend" : ""}`} title={h.long}>
                <span className="adm-plan__weekday">{h.weekday}</span>
                <span className="adm-plan__date">{h.day}</span>
              </div>
            );
          })}
        </div>
      </div>
      <ul className="adm-plan__rows">
        {rows.map((row) => (
          <CarRow key={row.car.id} row={row} from={from} days={days} now={now} today={today} onOpenBooking={onOpenBooking} onOpenBlock={onOpenBlock} />
        ))}
      </ul>
    </div>
  );
}

function CarRow({ row, from, days, now, today, onOpenBooking, onOpenBlock }: Omit<Props, "rows"> & { row: Row }) {
  const { t } = useAdminTranslation();
  const items: Item[] = [
    ...row.blocks.map((block) => ({ kind: "block" as const, block })),
    ...row.bookings.map((booking) => ({ kind: "booking" as const, booking })),
  ];
  const { lane, lanes } = assignLanes(items, span, from);
  const nameId = `adm-plan-car-${row.car.id}`;
  return (
    <li className="adm-plan__row" data-testid="planning-row" data-car-id={row.car.id} style={{ "--adm-plan-lanes": lanes } as CSSProperties}>
      <CarHeading car={row.car} today={today} nameId={nameId} className="adm-plan__car" detailClass="adm-muted adm-block" />
      <div className="adm-plan__track">
        <div className="adm-plan__cells" aria-hidden="true">
          {days.map((d) => (
            <span key={d.iso} className={`adm-plan__cell${d.isToday ? " is-today" : ""}${d.isWeekend ? " is-weekend" : ""}`} />
          ))}
        </div>
        {items.length === 0 ? (
          <p className="visually-hidden">{t("planning.carFree")}</p>
        ) : (
          <ul className="adm-plan__items" aria-labelledby={nameId}>
            {items.map((item) => {
              const pl = place(span(item), from, days.length);
              if (!pl) return null;
              const cut = `${pl.cutStart ? " is-cut-start" : ""}${pl.cutEnd ? " is-cut-end" : ""}`;
              const bar = item.kind === "block" ? blockBar(item.block, onOpenBlock) : bookingBar(item.booking, now, onOpenBooking);
              return (
                <li key={bar.key} className="adm-plan__item" style={position(pl, lane.get(item) ?? 0)}>
                  <button type="button" className={`adm-plan__bar adm-plan__bar--${bar.tone}${cut}`} onClick={bar.open} title={bar.text} {...bar.data}>
                    {bar.icon}
                    <span className="adm-plan__bar-text" aria-hidden="true">
                      {bar.label}
                    </span>
                    <span className="visually-hidden">{bar.text}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </li>
  );
}
