import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import { IconBlog, IconCalendar, IconCar, IconChat, IconDashboard, IconMail, IconPlanning, IconShield, IconTicket, IconUsers, tAdmin } from "../admin-kit";

export interface NavItem {
  /** The route below /admin. */
  path: string;
  label: string;
  icon: ReactNode;
  /** The screen, a chunk of its own loaded when first shown (the blog editor is the heavy one). */
  Screen: LazyExoticComponent<ComponentType>;
}

/** A screen a feature exports by name, loaded as a chunk of its own when first shown. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/** The area's screens: the sidebar's links and the routes, in the order of SPEC section 2's admin routes. */
export const NAV: readonly NavItem[] = [
  { path: "dashboard", label: tAdmin("shell.nav.dashboard"), icon: <IconDashboard />, Screen: screen(() => import("../admin-dashboard"), "DashboardPage") },
  { path: "cars", label: tAdmin("shell.nav.cars"), icon: <IconCar />, Screen: screen(() => import("../admin-fleet"), "CarsPage") },
  { path: "blogs", label: tAdmin("shell.nav.blogs"), icon: <IconBlog />, Screen: screen(() => import("../admin-content"), "BlogPage") },
  { path: "bookings", label: tAdmin("shell.nav.bookings"), icon: <IconCalendar />, Screen: screen(() => import("../admin-bookings"), "BookingsPage") },
  { path: "planning", label: tAdmin("shell.nav.planning"), icon: <IconPlanning />, Screen: screen(() => import("../admin-planning"), "PlanningPage") },
  { path: "contacts", label: tAdmin("shell.nav.contacts"), icon: <IconMail />, Screen: screen(() => import("../admin-messages"), "MessagesPage") },
  { path: "requests", label: tAdmin("shell.nav.requests"), icon: <IconMail />, Screen: screen(() => import("../admin-messages"), "RequestsPage") },
  { path: "reviews", label: tAdmin("shell.nav.reviews"), icon: <IconChat />, Screen: screen(() => import("../admin-reviews"), "ReviewsPage") },
  { path: "terms", label: tAdmin("shell.nav.terms"), icon: <IconTicket />, Screen: screen(() => import("../admin-content"), "KeyFactsPage") },
  { path: "customers", label: tAdmin("shell.nav.customers"), icon: <IconUsers />, Screen: screen(() => import("../admin-customers"), "CustomersPage") },
  { path: "settings", label: tAdmin("shell.nav.settings"), icon: <IconShield />, Screen: screen(() => import("../admin-team"), "AdminsPage") },
];

/** A screen's address, as the sidebar links to it. */
export const navTo = (item: NavItem) => `/admin/${item.path}`;
