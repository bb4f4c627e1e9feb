import { useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { formatPrice } from "../../lib/format";
import { adminKeys, IconAlert, IconCalendar, IconCar, IconChat, IconCheck, IconMoney, PageHeader, PageLoading, StatCard, StatGrid, tAdmin, useAdminQuery, useAdminTranslation } from "../admin-kit";
import { messageStatus } from "../admin-messages";
import { formatAgencyDateTime } from "../admin-booking-core";
import { revenueFigures, RevenueNote } from "../admin-payments";
import { ActivityList } from "./ActivityList";
import { loadDashboard, type DashboardData } from "./api";
import { DeletedBookingsList } from "./DeletedBookingsList";
import { MonthlyChart } from "./MonthlyChart";
import { dashboardCounts, mergeActivity, monthlySeries, pendingHolds, type ActivityItem } from "./stats";

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`adm-card${className ? ` ${className}` : ""}`}>
      <h2 className="adm-card__title">{title}</h2>
      {children}
    </section>
  );
}

function activity(d: DashboardData): ActivityItem[] {
  return mergeActivity(
    [
      d.bookings.slice(0, 8).map((b) => ({ kind: "booking" as const, id: b.id, at: b.created_at, text: tAdmin("dashboard.activityBooking", { name: b.customer_name, car: b.cars?.name ?? "", context: b.cars?.name ?? "" ? "car" : undefined }) })),
      d.messages.slice(0, 8).map((m) => ({ kind: "message" as const, id: m.id, at: m.created_at, text: tAdmin("dashboard.activityMessage", { name: m.name, subject: m.subject }) })),
      d.clicks.slice(0, 8).map((c) => ({ kind: "click" as const, id: String(c.id), at: c.created_at, text: tAdmin("dashboard.activityClick", { car: c.cars?.name ?? "", context: c.cars?.name ?? "" ? "car" : undefined }) })),
    ],
    8,
  );
}

function Alerts({ d }: { d: DashboardData }) {
  const { t } = useAdminTranslation();
  const pending = pendingHolds(d.bookings);
  const fresh = d.messages.filter((m) => messageStatus(m) === "new").length;
  const unavailable = d.cars.filter((c) => !c.available).length;
  const alerts = [
    pending.count > 0 && {
      to: "/admin/bookings",
      text: t("dashboard.alertPending", { count: pending.count }) + (pending.firstExpiry ? t("dashboard.alertPendingFirst", { when: formatAgencyDateTime(pending.firstExpiry) }) : ""),
    },
    fresh > 0 && { to: "/admin/contacts", text: t("dashboard.alertNewMessages", { count: fresh }) },
    unavailable > 0 && { to: "/admin/cars", text: t("dashboard.alertUnavailable", { count: unavailable }) },
  ].filter((a): a is { to: string; text: string } => Boolean(a));
  if (alerts.length === 0)
    return (
      <p className="adm-alert adm-alert--ok">
        <IconCheck size={18} /> {t("dashboard.alertsNone")}
      </p>
    );
  return (
    <ul className="adm-alerts">
      {alerts.map((a) => (
        <li key={a.to}>
          <Link to={a.to} className="adm-alert adm-alert--warn">
            <IconAlert size={18} /> {a.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function DashboardPage() {
  const { t } = useAdminTranslation();
  const [now] = useState(() => new Date());
  const dash = useAdminQuery({ queryKey: adminKeys.dashboard, queryFn: () => loadDashboard(new Date()), errorMessage: t("dashboard.loadError") });
  const d = dash.data;
  const counts = useMemo(() => (d ? dashboardCounts(d.cars, d.bookings, d.clicks.length) : null), [d]);
  const money = useMemo(() => (d ? revenueFigures(d.revenue, d.today) : null), [d]);
  const series = useMemo(() => (d ? monthlySeries(d.bookings, d.revenue, d.today, 6) : []), [d]);

  if (!d || !counts || !money) {
    return (
      <section className="adm-page">
        <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
        {dash.isPending ? <PageLoading label={t("common.loading")} /> : <p className="adm-alert adm-alert--error">{t("dashboard.loadError")}</p>}
      </section>
    );
  }

  return (
    <section className="adm-page">
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
      <StatGrid>
        <StatCard label={t("dashboard.cards.totalCars")} value={counts.totalCars} icon={<IconCar />} testId="card-total-cars" />
        <StatCard label={t("dashboard.cards.availableCars")} value={counts.availableCars} icon={<IconCheck />} tone="green" testId="card-available-cars" />
        <StatCard label={t("dashboard.cards.bookings")} value={counts.bookings} icon={<IconCalendar />} tone="violet" testId="card-bookings" />
        <StatCard
          label={t("dashboard.cards.revenue")}
          value={formatPrice(money.total)}
          note={<RevenueNote thisMonth={money.thisMonth} />}
          icon={<IconMoney />}
          tone="amber"
          testId="card-revenue"
        />
        <StatCard label={t("dashboard.cards.clicks")} value={counts.clicks} icon={<IconChat />} tone="rose" testId="card-clicks" />
      </StatGrid>
      <div className="adm-dash-grid">
        <Panel title={t("dashboard.chartTitle")} className="adm-dash-grid__wide">
          <MonthlyChart points={series} />
        </Panel>
        <Panel title={t("dashboard.alerts")}>
          <Alerts d={d} />
        </Panel>
        <Panel title={t("dashboard.activity")} className="adm-dash-grid__wide">
          <ActivityList items={activity(d)} now={now} />
        </Panel>
        <Panel title={t("dashboard.deleted")}>
          <DeletedBookingsList items={d.deleted} />
        </Panel>
      </div>
    </section>
  );
}
