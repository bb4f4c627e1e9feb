import { Check, IconChevronEnd, IconChevronStart, PageLoading, Spinner, useAdminTranslation } from "../admin-kit";
import { PlanningGrid } from "./PlanningGrid";
import { PlanningList } from "./PlanningList";
import { addDays, type CarItems, type PlanDay, WINDOW_STEP, windowLabel } from "./planningView";
import type { CarBlock, PlanBooking, PlanCar } from "./types";

// The parts of the planning page: its toolbar, its options and the window drawn.

/** The way through the windows: back, today, forward, a day to go to; and the period shown. */
export function PlanningToolbar({ from, busy, go }: { from: string; busy: boolean; go: (day: string | null) => void }) {
  const { t } = useAdminTranslation();
  return (
    <div className="adm-plan-toolbar">
      <div className="adm-plan-nav" role="group" aria-label={t("planning.period")}>
        <button type="button" className="adm-icon-btn adm-plan-nav__btn" onClick={() => go(addDays(from, -WINDOW_STEP))} aria-label={t("planning.previous")} title={t("planning.previous")}>
          <IconChevronStart />
        </button>
        <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" onClick={() => go(null)}>
          {t("planning.today")}
        </button>
        <button type="button" className="adm-icon-btn adm-plan-nav__btn" onClick={() => go(addDays(from, WINDOW_STEP))} aria-label={t("planning.next")} title={t("planning.next")}>
          <IconChevronEnd />
        </button>
      </div>
      <p className="adm-plan-period" aria-live="polite" data-testid="planning-period">
        {windowLabel(from)}
        {busy && <Spinner size="sm" />}
      </p>
      <label className="adm-plan-goto">
        <span>{t("planning.goTo")}</span>
        <input type="date" className="adm-input adm-input--sm" value={from} onChange={(e) => e.target.value && go(e.target.value)} />
      </label>
    </div>
  );
}

/** The legend and the choice to show the lapsed bookings too. */
export function PlanningOptions({ showLapsed, setShowLapsed, lapsed }: { showLapsed: boolean; setShowLapsed: (on: boolean) => void; lapsed: number }) {
  const { t } = useAdminTranslation();
  return (
    <div className="adm-plan-options">
      <Legend showLapsed={showLapsed} />
      <Check label={`${t("planning.showLapsed")} (${lapsed})`} checked={showLapsed} onChange={setShowLapsed} hint={t("planning.lapsedHint")} />
    </div>
  );
}

function Legend({ showLapsed }: { showLapsed: boolean }) {
  const { t } = useAdminTranslation();
  const items: [string, string][] = [
    ["pending", t("bookings.statuses.pending")],
    ["confirmed", t("bookings.statuses.confirmed")],
    ["in_progress", t("bookings.statuses.in_progress")],
    ["completed", t("bookings.statuses.completed")],
    ["block", t("planning.maintenance")],
  ];
  if (showLapsed) items.push(["cancelled", t("planning.lapsed")]);
  return (
    <div className="adm-plan-legend">
      <h2 className="visually-hidden">{t("planning.legend")}</h2>
      <ul>
        {items.map(([k, label]) => (
          <li key={k}>
            <span className={`adm-plan-legend__swatch adm-plan__bar--${k}`} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Until the first window is read: its failure with a retry, or the wait. */
export function PlanningPending({ failed, retry }: { failed: boolean; retry: () => void }) {
  const { t } = useAdminTranslation();
  if (!failed) return <PageLoading label={t("planning.loading")} />;
  return (
    <p className="adm-alert adm-alert--error">
      {t("planning.loadError")}{" "}
      <button type="button" className="adm-btn adm-btn--ghost adm-btn--sm" onClick={retry}>
        {t("common.retry")}
      </button>
    </p>
  );
}

type FrameProps = {
  from: string;
  days: PlanDay[];
  rows: CarItems<PlanCar, PlanBooking, CarBlock>[];
  now: Date;
  today: string;
  loading: boolean;
  phone: boolean;
  onOpenBooking: (b: PlanBooking) => void;
  onOpenBlock: (k: CarBlock) => void;
};

/** The window drawn: a list on a phone, the grid elsewhere. */
export function PlanningFrame({ from, days, rows, now, today, loading, phone, onOpenBooking, onOpenBlock }: FrameProps) {
  const { t } = useAdminTranslation();
  return (
    <section
      className={`adm-plan-frame${loading ? " is-loading" : ""}`}
      aria-label={t("planning.region", { period: windowLabel(from) })}
      aria-busy={loading}
      tabIndex={phone ? undefined : 0}
    >
      {phone ? (
        <PlanningList rows={rows} now={now} today={today} onOpenBooking={onOpenBooking} onOpenBlock={onOpenBlock} />
      ) : (
        <PlanningGrid from={from} days={days} rows={rows} now={now} today={today} onOpenBooking={onOpenBooking} onOpenBlock={onOpenBlock} />
      )}
    </section>
  );
}
