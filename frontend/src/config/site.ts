import brand from "./brand.json";

// The one source of the agency's contact details and marketing figures. SPEC
// section 1 quotes two inconsistent sets (home/why-us vs agency page); every page
// reads the set below so the site never contradicts itself (see README.md).
export const SITE = {
  /** Written once, in brand.json: the server's pages (og:site_name) read it there too. */
  name: brand.name,
  phone: "+212 6 61 23 45 67",
  /** Digits only, international form, for tel: and wa.me links. */
  phoneDigits: "212661234567",
  email: "contact@casarent.ma",
  address: "Aéroport Mohammed V, Terminal 1 — Hall des arrivées, Nouaceur, Casablanca",
  openingHours: "07:00 – 22:00",
  mapEmbedUrl:
    "https://www.openstreetmap.org/export/embed.html?bbox=-7.6200%2C33.3550%2C-7.5700%2C33.3800&layer=mapnik&marker=33.3675%2C-7.5898",
  mapLinkUrl: "https://www.openstreetmap.org/?mlat=33.3675&mlon=-7.5898#map=15/33.3675/-7.5898",
} as const;

/**
 * The trust figures shown on the home, why-us and agency pages, as numbers:
 * `lib/figures.ts` writes them in the visitor's language ("5.000+", "4,9/5" in
 * French, "5,000+", "4.9/5" in English; docs/languages.md).
 */
export const TRUST = { vehicles: 150, customers: 5000, satisfaction: 99, rating: 4.9, reviews: 500, years: 10 } as const;

/**
 * Other figures the pages quote. (The trust figures above were chosen to be
 * believable for one airport agency: the agency page's fleet and customer
 * numbers, the home page's satisfaction, rating and years.) The rental rules —
 * driver's age and licence years, mileage, deposits, cancellation — are not here:
 * the database states them (rental_terms(), features/cars/termsText.ts).
 */
export const FIGURES = {
  replyHours: 24,
  arriveEarlyMinutes: 15,
  shortTermMaxDays: 30,
  shortTermMinHours: 4,
  pickupWithinMinutes: 30,
  longTermMinMonths: 1,
  longTermMaxYears: 5,
  fleetMaxAgeYears: 2,
} as const;

/**
 * The agency's legal identity, read by the legal pages (terms, privacy policy,
 * legal notice) and nowhere else: the one place to change when a registration
 * changes. Kept here rather than in a database table because every
 * page renders it on the server and in the browser without a request, like the
 * contact details above; see README.md "Legal pages".
 *
 * The identifiers below are the demonstration agency's: replace them with the
 * real company's before going live.
 */
export const LEGAL = {
  /** Registered name (raison sociale). */
  companyName: "CasaRent SARL",
  /** Legal form, as registered (written in French on every page, like the register). */
  legalForm: "SARL (société à responsabilité limitée)",
  /** Share capital in DH. */
  capitalDh: 100000,
  /** Identifiant commun de l'entreprise: 15 digits. */
  ice: "002345678000091",
  /** Registre du commerce: court and number. */
  rc: "Casablanca 512345",
  /** Identifiant fiscal. */
  taxId: "51234567",
  /** The receipt number of the CNDP declaration of the customer-file processing (law 09-08). */
  cndpDeclaration: "D-W-1234/2026",
  /** Registered office, as on the register. */
  registeredOffice: SITE.address,
  /** Directeur de la publication (the manager, gérant). */
  publicationDirector: "Karim Benali",
  /** Who hosts the site (legal notice). */
  host: {
    name: "CasaRent SARL — serveur dédié",
    address: "Datacenter Casablanca Nearshore, Sidi Maârouf, Casablanca",
  },
  /** Email for privacy requests (access, rectification, opposition). */
  privacyEmail: SITE.email,
  /** The date the legal texts were last revised (YYYY-MM-DD). */
  updated: "2026-11-25",
} as const;

/** The legal pages' paths (French slugs like the site's other pages), linked from the footer and the cookie card. */
export const LEGAL_PATHS = {
  terms: "/conditions-de-location",
  privacy: "/confidentialite",
  notice: "/mentions-legales",
} as const;
