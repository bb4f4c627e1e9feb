import i18next from "i18next";
import { useTranslation } from "react-i18next";
import admins from "./fr/admins.json";
import blog from "./fr/blog.json";
import bookings from "./fr/bookings.json";
import cars from "./fr/cars.json";
import common from "./fr/common.json";
import customers from "./fr/customers.json";
import dashboard from "./fr/dashboard.json";
import live from "./fr/live.json";
import login from "./fr/login.json";
import messages from "./fr/messages.json";
import payments from "./fr/payments.json";
import planning from "./fr/planning.json";
import requests from "./fr/requests.json";
import keyfacts from "./fr/keyfacts.json";
import reviews from "./fr/reviews.json";

// The back office's strings are the "admin" namespace of the site's i18next
// (src/lib/i18n.ts), French only for now (SPEC section 2). The catalogue is split
// per screen (one JSON file each, merged here) and imported by the admin chunk
// itself, so public pages never download it. Another language is one more folder
// next to fr/ and one more entry in CATALOGUES.

export const ADMIN_NS = "admin";
/** The language the back office is shown in, whatever the public site's language is. */
export const ADMIN_LANGUAGE = "fr";

export const CATALOGUES = {
  fr: { ...common, ...login, ...dashboard, ...cars, ...blog, ...bookings, ...payments, ...planning, ...messages, ...admins, ...live, ...customers, ...requests, ...keyfacts, ...reviews },
};

if (!i18next.isInitialized && !i18next.store) {
  // Only outside the site (Vitest runs the rule modules alone); in the browser
  // src/lib/i18n.ts has initialised the instance before the admin chunk loads.
  void i18next.init({ lng: ADMIN_LANGUAGE, initAsync: false, interpolation: { escapeValue: false }, resources: {} });
}
for (const [lng, catalogue] of Object.entries(CATALOGUES)) i18next.addResourceBundle(lng, ADMIN_NS, catalogue, true, true);

/**
 * The back office's `t` for code outside components (validation rules, CSV
 * headers, error messages built by the api modules).
 */
export const tAdmin = i18next.getFixedT(ADMIN_LANGUAGE, ADMIN_NS);

/**
 * `useTranslation("admin")` in the back office's language: the site's current
 * language (en, ar…) does not change the admin screens.
 */
export function useAdminTranslation() {
  return useTranslation(ADMIN_NS, { lng: ADMIN_LANGUAGE });
}

/** Whether the catalogue has this text (for names looked up by a database value). */
export function hasAdminText(key: string): boolean {
  return i18next.exists(key, { ns: ADMIN_NS, lng: ADMIN_LANGUAGE });
}
