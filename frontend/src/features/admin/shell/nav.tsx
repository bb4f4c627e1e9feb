import type { ReactNode } from "react";
import { IconBlog, IconCalendar, IconCar, IconDashboard, IconMail, IconPlanning, IconShield, IconUsers } from "../components/icons";
import { fr } from "../i18n/fr";

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The sidebar's links, in the order of SPEC section 2's admin routes. */
export const NAV: readonly NavItem[] = [
  { to: "/admin/dashboard", label: fr.shell.nav.dashboard, icon: <IconDashboard /> },
  { to: "/admin/cars", label: fr.shell.nav.cars, icon: <IconCar /> },
  { to: "/admin/blogs", label: fr.shell.nav.blogs, icon: <IconBlog /> },
  { to: "/admin/bookings", label: fr.shell.nav.bookings, icon: <IconCalendar /> },
  { to: "/admin/planning", label: fr.shell.nav.planning, icon: <IconPlanning /> },
  { to: "/admin/contacts", label: fr.shell.nav.contacts, icon: <IconMail /> },
  { to: "/admin/customers", label: fr.shell.nav.customers, icon: <IconUsers /> },
  { to: "/admin/settings", label: fr.shell.nav.settings, icon: <IconShield /> },
];
