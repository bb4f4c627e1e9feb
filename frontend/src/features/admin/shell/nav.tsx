import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import { IconBlog, IconCalendar, IconCar, IconDashboard, IconMail, IconPlanning, IconShield, IconTicket, IconUsers } from "../components/icons";
import { tAdmin } from "../i18n";

export interface NavItem {
  /** The route below /admin. */
  path: string;
  label: string;
  icon: ReactNode;
  /** The screen, a chunk of its own loaded when first shown (the blog editor is the heavy one). */
  Screen: LazyExoticComponent<ComponentType>;
}

/** The area's screens: the sidebar's links and the routes, in the order of SPEC section 2's admin routes. */
export const NAV: readonly NavItem[] = [
  { path: "dashboard", label: tAdmin("shell.nav.dashboard"), icon: <IconDashboard />, Screen: lazy(() => import("../dashboard/DashboardPage")) },
  { path: "cars", label: tAdmin("shell.nav.cars"), icon: <IconCar />, Screen: lazy(() => import("../cars/CarsPage")) },
  { path: "blogs", label: tAdmin("shell.nav.blogs"), icon: <IconBlog />, Screen: lazy(() => import("../blog/BlogPage")) },
  { path: "bookings", label: tAdmin("shell.nav.bookings"), icon: <IconCalendar />, Screen: lazy(() => import("../bookings/BookingsPage")) },
  { path: "planning", label: tAdmin("shell.nav.planning"), icon: <IconPlanning />, Screen: lazy(() => import("../planning/PlanningPage")) },
  { path: "contacts", label: tAdmin("shell.nav.contacts"), icon: <IconMail />, Screen: lazy(() => import("../messages/MessagesPage")) },
  { path: "requests", label: tAdmin("shell.nav.requests"), icon: <IconMail />, Screen: lazy(() => import("../requests/RequestsPage")) },
  { path: "terms", label: tAdmin("shell.nav.terms"), icon: <IconTicket />, Screen: lazy(() => import("../keyfacts/KeyFactsPage")) },
  { path: "customers", label: tAdmin("shell.nav.customers"), icon: <IconUsers />, Screen: lazy(() => import("../customers/CustomersPage")) },
  { path: "settings", label: tAdmin("shell.nav.settings"), icon: <IconShield />, Screen: lazy(() => import("../admins/AdminsPage")) },
];

/** A screen's address, as the sidebar links to it. */
export const navTo = (item: NavItem) => `/admin/${item.path}`;
