import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { BookingDetailsDialog, BookingEditDialog, useBookingSave } from "../admin-bookings";
import { holdsCar } from "../admin-booking-core";
import { agencyToday, ConfirmDialog, PageHeader, useAdminTranslation, useMediaQuery, useNow } from "../admin-kit";
import { BlockDetailsDialog } from "./BlockDetailsDialog";
import { BlockFormDialog } from "./BlockFormDialog";
import { blockDates } from "./labels";
import { PlanningFrame, PlanningOptions, PlanningPending, PlanningToolbar } from "./PlanningParts";
import { addDays, groupByCar, WINDOW_DAYS, windowDays, windowStart } from "./planningView";
import type { CarBlock, PlanBooking, PlanCar } from "./types";
import { type Planning, useBlockRemoval, usePlanning } from "./usePlanning";

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
  const firstDay = today >= from && today <= to ? today : from;

  return (
    <section className="adm-page">
      <PageHeader
        title={t("planning.title")}
        subtitle={t("planning.subtitle")}
        add={{ label: t("planning.addBlock"), onClick: () => setAdding(true), disabled: !data }}
      />
      <PlanningToolbar from={from} busy={plan.loading && data !== null} go={go} />
      <PlanningOptions showLapsed={showLapsed} setShowLapsed={setShowLapsed} lapsed={lapsed} />
      {!data ? (
        <PlanningPending failed={plan.failed} retry={plan.retry} />
      ) : (
        <PlanningFrame from={shownFrom} days={days} rows={rows} now={now} today={today} loading={plan.loading} phone={phone} onOpenBooking={setViewing} onOpenBlock={setBlock} />
      )}
      <BookingDetailsDialog booking={open} onClose={() => setViewing(null)} onEdit={setEditing} onChanged={stored} now={now} />
      <BookingEditDialog booking={editing} saver={saver} onClose={() => setEditing(null)} now={now} />
      <BlockDialogs block={block} setBlock={setBlock} plan={plan} carOf={carOf} />
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

/** A block's details, and the question before it is deleted. */
function BlockDialogs({ block, setBlock, plan, carOf }: { block: CarBlock | null; setBlock: (k: CarBlock | null) => void; plan: Planning; carOf: (id: number | undefined) => PlanCar | undefined }) {
  const { t } = useAdminTranslation();
  const [deleting, setDeleting] = useState<CarBlock | null>(null);
  const removal = useBlockRemoval(plan, () => {
    setDeleting(null);
    setBlock(null);
  });
  return (
    <>
      <BlockDetailsDialog block={block} car={carOf(block?.car_id)} onClose={() => setBlock(null)} onDelete={setDeleting} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("planning.block.confirmDeleteTitle")}
        message={deleting ? t("planning.block.confirmDelete", { car: carOf(deleting.car_id)?.name ?? "", dates: blockDates(deleting) }) : ""}
        busy={removal.isPending}
        onConfirm={() => deleting && removal.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
