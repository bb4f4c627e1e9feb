import type { ReactNode } from "react";
import { IconBlog, IconCalendar, IconCar, IconDashboard, IconMail, IconPlanning, IconShield, IconUsers } from "../components/icons";
import { tAdmin } from "../i18n";

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The sidebar's links, in the order of SPEC section 2's admin routes. */
export const NAV: readonly NavItem[] = [
  { to: "/admin/dashboard", label: tAdmin("shell.nav.dashboard"), icon: <IconDashboard /> },
  { to: "/admin/cars", label: tAdmin("shell.nav.cars"), icon: <IconCar /> },
  { to: "/admin/blogs", label: tAdmin("shell.nav.blogs"), icon: <IconBlog /> },
  { to: "/admin/bookings", label: tAdmin("shell.nav.bookings"), icon: <IconCalendar /> },
  { to: "/admin/planning", label: tAdmin("shell.nav.planning"), icon: <IconPlanning /> },
  { to: "/admin/contacts", label: tAdmin("shell.nav.contacts"), icon: <IconMail /> },
  { to: "/admin/customers", label: tAdmin("shell.nav.customers"), icon: <IconUsers /> },
  { to: "/admin/settings", label: tAdmin("shell.nav.settings"), icon: <IconShield /> },
];
