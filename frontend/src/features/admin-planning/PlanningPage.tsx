/* eslint-disable max-lines-per-function -- over the house limit since before the rule: the planning grid with its filters and dialogs; to split into a toolbar, grid and hook. */
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { BookingDetailsDialog, BookingEditDialog, useBookingSave } from "../admin-bookings";
import { holdsCar } from "../admin-booking-core";
import { adminKeys, agencyToday, Check, ConfirmDialog, IconChevronEnd, IconChevronStart, invalidateAfter, notify, PageHeader, PageLoading, reportFailure, Spinner, useAdminMutation, useAdminQuery, useAdminTranslation, useMediaQuery, useNow } from "../admin-kit";
import { deleteBlock, loadPlanning } from "./api";
import { BlockDetailsDialog } from "./BlockDetailsDialog";
import { BlockFormDialog } from "./BlockFormDialog";
import { blockDates } from "./labels";
import { PlanningGrid } from "./PlanningGrid";
import { PlanningList } from "./PlanningList";
import { addDays, groupByCar, WINDOW_DAYS, WINDOW_STEP, windowDays, windowLabel, windowStart } from "./planningView";
import type { CarBlock, PlanBooking, PlanningData } from "./types";

/** The planning of the window from..to: loaded once per window, kept while the next one loads. */
function usePlanning(from: string, to: string) {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const queryKey = adminKeys.planningWindow(from, to);
  const query = useAdminQuery({ queryKey, queryFn: () => loadPlanning(from, to), errorMessage: t("planning.loadError"), keepPrevious: true });
  const data = query.data ?? null;
  return {
    data,
    failed: query.isError,
    loading: !query.isError && data?.from !== from,
    retry: () => void query.refetch(),
    /** A row the database sent back, drawn at once. */
    update: (fn: (d: PlanningData) => PlanningData) => client.setQueryData<PlanningData>(queryKey, (d) => (d ? fn(d) : d)),
  };
}

export default function PlanningPage() {
  const { t } = useAdminTranslation();
  const now = useNow();
  const today = agencyToday(now);
  const [params, setParams] = useSearchParams();
  const from = windowStart(params.get("from"), today);
  const to = addDays(from, WINDOW_DAYS - 1);
  const phone = useMediaQuery("(max-width: 720px)");
  const [showLapsed, setShowLapsed] = useState(false);
  const plan = usePlanning(from, to);
  const data = plan.data;

  const [viewing, setViewing] = useState<PlanBooking | null>(null);
  const [editing, setEditing] = useState<PlanBooking | null>(null);
  const [block, setBlock] = useState<CarBlock | null>(null);
  const [deleting, setDeleting] = useState<CarBlock | null>(null);
  const client = useQueryClient();
  const removal = useAdminMutation({
    mutationFn: (k: CarBlock) => deleteBlock(k.id),
    onSuccess: (_done, k) => {
      plan.update((d) => ({ ...d, blocks: d.blocks.filter((x) => x.id !== k.id) }));
      void invalidateAfter(client, "car_blocks");
      notify.success(t("planning.messages.deleted"));
      setDeleting(null);
      setBlock(null);
    },
    onError: reportFailure("block delete failed", t("planning.messages.deleteError")),
  });
  const [adding, setAdding] = useState(false);
  const stored = (updated: PlanBooking) => {
    plan.update((d) => ({ ...d, bookings: d.bookings.map((b) => (b.id === updated.id ? updated : b)) }));
    setViewing((v) => (v?.id === updated.id ? updated : v));
  };
  const saver = useBookingSave(stored);

  // Drawn against the window the data belongs to, so a bar never sits on the
  // wrong days while the next window loads.
  const shownFrom = data?.from ?? from;
  const days = useMemo(() => windowDays(shownFrom, today), [shownFrom, today]);
  const rows = useMemo(() => (data ? groupByCar(data.cars, data.bookings, data.blocks, showLapsed) : []), [data, showLapsed]);
  const lapsed = data ? data.bookings.filter((b) => !holdsCar(b.status)).length : 0;
  // The open record is the window's row: a change read again (live, another administrator) shows in it.
  const open = viewing ? (data?.bookings.find((b) => b.id === viewing.id) ?? viewing) : null;
  const carOf = (id: number | undefined) => data?.cars.find((c) => c.id === id);

  const go = (day: string | null) => setParams(day ? { from: day } : {});


  const period = windowLabel(from);
  const firstDay = today >= from && today <= to ? today : from;

  return (
    <section className="adm-page">
      <PageHeader
        title={t("planning.title")}
        subtitle={t("planning.subtitle")}
        add={{ label: t("planning.addBlock"), onClick: () => setAdding(true), disabled: !data }}
      />
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
          {period}
          {plan.loading && data && <Spinner size="sm" />}
        </p>
        <label className="adm-plan-goto">
          <span>{t("planning.goTo")}</span>
          <input type="date" className="adm-input adm-input--sm" value={from} onChange={(e) => e.target.value && go(e.target.value)} />
        </label>
      </div>
      <div className="adm-plan-options">
        <Legend showLapsed={showLapsed} />
        <Check label={`${t("planning.showLapsed")} (${lapsed})`} checked={showLapsed} onChange={setShowLapsed} hint={t("planning.lapsedHint")} />
      </div>
      {!data ? (
        plan.failed ? (
          <p className="adm-alert adm-alert--error">
            {t("planning.loadError")}{" "}
            <button type="button" className="adm-btn adm-btn--ghost adm-btn--sm" onClick={plan.retry}>
              {t("common.retry")}
            </button>
          </p>
        ) : (
          <PageLoading label={t("planning.loading")} />
        )
      ) : (
        <section
          className={`adm-plan-frame${plan.loading ? " is-loading" : ""}`}
          aria-label={t("planning.region", { period: windowLabel(shownFrom) })}
          aria-busy={plan.loading}
          tabIndex={phone ? undefined : 0}
        >
          {phone ? (
            <PlanningList rows={rows} now={now} today={today} onOpenBooking={setViewing} onOpenBlock={setBlock} />
          ) : (
            <PlanningGrid from={shownFrom} days={days} rows={rows} now={now} today={today} onOpenBooking={setViewing} onOpenBlock={setBlock} />
          )}
        </section>
      )}
      <BookingDetailsDialog booking={open} onClose={() => setViewing(null)} onEdit={setEditing} onChanged={stored} now={now} />
      <BookingEditDialog booking={editing} saver={saver} onClose={() => setEditing(null)} now={now} />
      <BlockDetailsDialog block={block} car={carOf(block?.car_id)} onClose={() => setBlock(null)} onDelete={setDeleting} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("planning.block.confirmDeleteTitle")}
        message={deleting ? t("planning.block.confirmDelete", { car: carOf(deleting.car_id)?.name ?? "", dates: blockDates(deleting) }) : ""}
        busy={removal.isPending}
        onConfirm={() => deleting && removal.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
      {data && (
        <BlockFormDialog
          open={adding}
          cars={data.cars}
          initial={{ car_id: "", start_date: firstDay, end_date: firstDay, reason: "" }}
          onClose={() => setAdding(false)}
          onAdded={(k) => {
            setAdding(false);
            // Shown when it reaches into the window (it may be added for later dates).
            if (k.start_date <= addDays(shownFrom, WINDOW_DAYS - 1) && k.end_date >= shownFrom) plan.update((d) => ({ ...d, blocks: [...d.blocks, k] }));
          }}
        />
      )}
    </section>
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
