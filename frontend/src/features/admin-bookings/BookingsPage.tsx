import { useDeferredValue, useMemo, useState } from "react";
import { useExtraOrder } from "../../lib/extraOrderApi";
import { formatPrice } from "../../lib/format";
import { adminKeys, ConfirmDeleteDialog, IconCalendar, IconCar, IconCheck, IconDownload, IconMoney, Loaded, PageHeader, StatCard, StatGrid, useAdminQuery, useAdminTranslation, useConfirmDelete, useListCache, useNow } from "../admin-kit";
import { type AdminBooking, type BookingFilter, bookingStats, countFailedAttempts, DEFAULT_FILTER, deleteBooking, filterBookings, listBookings, searchBookingIds } from "../admin-booking-core";
import { BookingDetailsDialog } from "./BookingDetailsDialog";
import { BookingEditDialog } from "./BookingEditDialog";
import { BookingsTable } from "./BookingsTable";
import { BookingFilters } from "./BookingFilters";
import { SuspiciousHolds } from "./SuspiciousHolds";
import { downloadBookingsCsv } from "./csvExport";
import { RevenueNote, useRevenue } from "../admin-payments";
import { useBookingSave } from "./useBookingSave";

export default function BookingsPage() {
  const { t } = useAdminTranslation();
  const cache = useListCache();
  const bookings = useAdminQuery({ queryKey: adminKeys.bookings, queryFn: listBookings, errorMessage: t("bookings.messages.loadError") });
  const now = useNow();
  const revenue = useRevenue(t("bookings.messages.loadError"));
  const [filter, setFilter] = useState<BookingFilter>(DEFAULT_FILTER);
  const set = (patch: Partial<BookingFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const [viewing, setViewing] = useState<AdminBooking | null>(null);
  const [editing, setEditing] = useState<AdminBooking | null>(null);
  const del = useConfirmDelete<AdminBooking>({
    list: adminKeys.bookings,
    table: "bookings",
    remove: deleteBooking,
    messages: { deleted: t("bookings.messages.deleted"), deleteError: t("bookings.messages.deleteError") },
    onDeleted: () => setViewing(null),
  });
  // A stored booking replaces its row at once (the mutations invalidate what depends on it: money, planning...).
  const stored = (updated: AdminBooking) => {
    cache.replace(adminKeys.bookings, updated);
    setViewing((v) => (v?.id === updated.id ? updated : v));
  };
  const saver = useBookingSave(stored);
  const extraOrder = useExtraOrder();

  const all = useMemo(() => bookings.data ?? [], [bookings.data]);
  // The database's search (phone in any form...) for what is typed, once typing pauses.
  const typed = useDeferredValue(filter.query.trim());
  const search = useAdminQuery({
    queryKey: adminKeys.bookingSearch(typed),
    queryFn: () => searchBookingIds(typed),
    enabled: typed !== "",
    keepPrevious: true,
    errorMessage: t("bookings.messages.searchError"),
  });
  const found = typed !== "" ? search.data : undefined;
  const shown = useMemo(() => filterBookings(all, filter, found), [all, filter, found]);
  // The open record is the list's row: a change read again (live, another administrator) shows in it.
  const open = viewing ? (all.find((b) => b.id === viewing.id) ?? viewing) : null;
  const attempts = useMemo(() => countFailedAttempts(all), [all]);
  const stats = bookingStats(all);

  return (
    <section className="adm-page">
      <PageHeader
        title={t("bookings.title")}
        badge={<span className="adm-count" data-testid="bookings-count">{t("bookings.count", { count: all.length })}</span>}
        actions={
          <button type="button" className="adm-btn adm-btn--secondary" onClick={() => downloadBookingsCsv(shown, extraOrder ?? [])} disabled={shown.length === 0} data-testid="export-csv">
            <IconDownload size={18} /> {t("bookings.exportCsv")}
          </button>
        }
      />
      <StatGrid>
        <StatCard label={t("bookings.statsTotal")} value={stats.total} icon={<IconCalendar />} testId="bookings-stat-total" />
        <StatCard label={t("bookings.statsConfirmed")} value={stats.confirmed} icon={<IconCheck />} tone="green" />
        <StatCard label={t("bookings.statsInProgress")} value={stats.inProgress} icon={<IconCar />} tone="violet" />
        <StatCard
          label={t("bookings.statsRevenue")}
          value={revenue.data ? formatPrice(revenue.data.total) : t("common.none")}
          note={revenue.data ? <RevenueNote thisMonth={revenue.data.thisMonth} /> : undefined}
          icon={<IconMoney />}
          tone="amber"
          testId="bookings-stat-revenue"
        />
      </StatGrid>
      <SuspiciousHolds />
      <BookingFilters filter={filter} onChange={set} attempts={attempts} />
      <Loaded pending={bookings.isPending}>
        <BookingsTable
          bookings={shown}
          onView={setViewing}
          onEdit={setEditing}
          onDelete={del.ask}
          onConfirm={(b) => void saver.confirm(b)}
          confirming={saver.savingId}
          now={now}
        />
      </Loaded>
      <BookingDetailsDialog booking={open} onClose={() => setViewing(null)} onDelete={del.ask} onEdit={setEditing} onChanged={stored} now={now} />
      <BookingEditDialog booking={editing} saver={saver} onClose={() => setEditing(null)} now={now} />
      <ConfirmDeleteDialog del={del} title={t("bookings.confirmDeleteTitle")} message={() => t("bookings.confirmDelete")} />
    </section>
  );
}
