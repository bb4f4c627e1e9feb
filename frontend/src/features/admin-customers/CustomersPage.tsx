import { useMemo, useState } from "react";
import { formatDate, formatPrice } from "../../lib/format";
import { BookingRef, BookingStatusBadge } from "../admin-booking-core";
import { adminKeys, DataTable, EmptyState, IconMail, IconUsers, Loaded, PageHeader, SearchField, useAdminQuery, useAdminTranslation } from "../admin-kit";
import { listCustomers } from "./api";
import { filterCustomers, type Customer } from "./customerView";

/**
 * The agency's customers: one per e-mail and phone (grouped by the database),
 * with their bookings, the money received from them and their last visit. Kept
 * current by the live feed (bookings and payments make it stale).
 */
export default function CustomersPage() {
  const { t } = useAdminTranslation();
  const customers = useAdminQuery({ queryKey: adminKeys.customers, queryFn: listCustomers, errorMessage: t("customers.loadError") });
  const [query, setQuery] = useState("");
  const all = useMemo(() => customers.data ?? [], [customers.data]);
  const shown = useMemo(() => filterCustomers(all, query), [all, query]);
  return (
    <section className="adm-page">
      <PageHeader
        title={t("customers.title")}
        badge={<span className="adm-count" data-testid="customers-count">{t("customers.count", { count: all.length })}</span>}
      />
      <div className="adm-toolbar-row">
        <SearchField placeholder={t("customers.searchPlaceholder")} value={query} onChange={setQuery} />
      </div>
      <Loaded pending={customers.isPending}>
        <DataTable
          rows={shown}
          testId="customers-table"
          empty={<EmptyState icon={<IconUsers size={32} />}>{query.trim() ? t("customers.emptySearch") : t("customers.empty")}</EmptyState>}
          columns={[t("customers.colCustomer"), t("customers.colBookings"), t("customers.colPaid"), t("customers.colLastVisit")]}
          renderRow={(c) => <CustomerRow key={c.key} customer={c} />}
        />
      </Loaded>
    </section>
  );
}

function CustomerRow({ customer: c }: { customer: Customer }) {
  const { t } = useAdminTranslation();
  return (
    <tr data-testid="customer-row" data-email={c.email}>
      <td data-label={t("customers.colCustomer")}>
        <strong>{c.name}</strong>
        <span className="adm-muted adm-block">{c.email}</span>
        <span className="adm-muted adm-block">
          <a href={`tel:${c.phone}`}>{c.phone}</a>
        </span>
      </td>
      <td data-label={t("customers.colBookings")}>
        <span data-testid="customer-booking-count">{t("bookings.count", { count: c.bookings.length })}</span>
        <ul className="adm-plain-list">
          {c.bookings.map((b) => (
            <li key={b.id} data-testid="customer-booking">
              <BookingRef booking={b} /> · {b.car ?? t("common.none")} · {b.start_date ? formatDate(b.start_date) : t("common.none")} <BookingStatusBadge status={b.status} />
            </li>
          ))}
        </ul>
      </td>
      <td data-label={t("customers.colPaid")}>
        <strong data-testid="customer-paid">{formatPrice(c.totalPaid)}</strong>
      </td>
      <td data-label={t("customers.colLastVisit")}>
        <span data-testid="customer-last-visit">{c.lastVisit ? formatDate(c.lastVisit) : t("customers.noVisit")}</span>
        <span className="adm-muted adm-block">{t("customers.lastBooked", { when: formatDate(c.lastBookedAt) })}</span>
      </td>
      <td className="adm-table__actions">
        <a className="adm-icon-btn" href={`mailto:${c.email}`} aria-label={`${t("customers.write")} ${c.name}`} title={t("customers.write")}>
          <IconMail size={18} />
        </a>
      </td>
    </tr>
  );
}
